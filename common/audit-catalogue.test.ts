import { describe, expect, it } from 'vitest';
import {
  AUDIT_CATALOGUE,
  AUDIT_CATEGORY_OPTIONS,
  AUDIT_SEVERITY_OPTIONS,
  auditActionLabel,
  auditResourceText,
  type AuditDetails,
  type AuditSeverityChoice,
} from './audit-catalogue';
import { AUDIT_ACTIONS, AUDIT_CATEGORIES, AUDIT_SEVERITIES } from './enums';

describe('the audit catalogue', () => {
  it('has one entry for every audit action, and none besides', () => {
    expect(Object.keys(AUDIT_CATALOGUE).sort()).toEqual([...AUDIT_ACTIONS].sort());
    for (const action of AUDIT_ACTIONS) expect(AUDIT_CATALOGUE[action].label, action).not.toBe('');
  });

  it('refuses details of the wrong shape, by type and at run time', () => {
    const good: AuditDetails<'FORCE_LOGOUT'> = { username: 'ayse', reason: null, sessionsEnded: 2 };
    expect(AUDIT_CATALOGUE.FORCE_LOGOUT.details.safeParse(good).success).toBe(true);

    // @ts-expect-error sessionsEnded is a number
    const wrongType: AuditDetails<'FORCE_LOGOUT'> = { username: 'ayse', reason: null, sessionsEnded: 'iki' };
    // @ts-expect-error username is missing
    const missing: AuditDetails<'FORCE_LOGOUT'> = { reason: null, sessionsEnded: 2 };
    // @ts-expect-error a key the action never writes
    const extra: AuditDetails<'LOGOUT'> = { note: 'x' };
    for (const [action, details] of [['FORCE_LOGOUT', wrongType], ['FORCE_LOGOUT', missing], ['LOGOUT', extra]] as const) {
      expect(AUDIT_CATALOGUE[action].details.safeParse(details).success, JSON.stringify(details)).toBe(false);
    }
  });

  it('lets a caller choose the severity only where the catalogue says it varies', () => {
    const varies: AuditSeverityChoice<'SYSTEM_CONFIG_CHANGE'> = 'high';
    // @ts-expect-error deleting a project is always critical
    const fixed: AuditSeverityChoice<'DELETE_PROJECT'> = 'low';
    expect([varies, fixed]).toHaveLength(2);
  });

  it('offers the screens the severities and categories actions are written with, in their usual order', () => {
    expect(AUDIT_SEVERITY_OPTIONS.map((o) => o.value)).toEqual([...AUDIT_SEVERITIES]);
    expect(AUDIT_CATEGORY_OPTIONS.map((o) => o.value)).toEqual([...AUDIT_CATEGORIES]);
    expect(AUDIT_SEVERITY_OPTIONS[0]).toEqual({ value: 'low', label: 'Düşük' });
  });
});

describe('audit labels', () => {
  it('names actions in Turkish and leaves an unknown code as written', () => {
    expect(auditActionLabel('LOGIN')).toBe('Giriş');
    expect(auditActionLabel('COMPLETE_BONUS_REQUEST')).toBe('Talep tamamlandı');
    expect(auditActionLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(auditActionLabel('toString')).toBe('toString');
  });

  it('names a resource the way people know it, and never shows a raw session id', () => {
    expect(auditResourceText('bonus_request', '103200', 'GOLD-103185')).toBe('Talep GOLD-103185');
    expect(auditResourceText('session', '3f2a9c1e-7b4d-4c2a-9e1f-0a1b2c3d4e5f', 'Ayşe Yılmaz')).toBe('Oturum: Ayşe Yılmaz');
    expect(auditResourceText('user', '12', 'Ayşe Yılmaz')).toBe('Kullanıcı: Ayşe Yılmaz');
    // No name: a request with no reference is 'Talep #' like everywhere; a session shows only its kind.
    expect(auditResourceText('bonus_request', '103200')).toBe('Talep #103200');
    expect(auditResourceText('session', '3f2a9c1e-7b4d-4c2a-9e1f-0a1b2c3d4e5f')).toBe('Oturum');
    expect(auditResourceText('system_settings', null)).toBe('Sistem ayarları');
    expect(auditResourceText('unknown_thing', '7')).toBe('unknown_thing #7');
  });
});
