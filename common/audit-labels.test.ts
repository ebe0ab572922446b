import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditResourceText } from './audit-labels';

describe('audit labels', () => {
  it('names actions in Turkish and leaves an unknown code as written', () => {
    expect(auditActionLabel('LOGIN')).toBe('Giriş');
    expect(auditActionLabel('COMPLETE_BONUS_REQUEST')).toBe('Talep tamamlandı');
    expect(auditActionLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });

  it('shows a resource with a short id: a number whole, a session UUID cut to 8 characters', () => {
    expect(auditResourceText('bonus_request', '103200')).toBe('Talep #103200');
    expect(auditResourceText('session', '3f2a9c1e-7b4d-4c2a-9e1f-0a1b2c3d4e5f')).toBe('Oturum 3f2a9c1e…');
    expect(auditResourceText('system_settings', null)).toBe('Sistem ayarları');
    expect(auditResourceText('unknown_thing', '7')).toBe('unknown_thing #7');
  });
});
