import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from './write-audit';

/** A stand-in transaction that keeps the rows it is given. */
function recorder() {
  const rows: Record<string, unknown>[] = [];
  const tx = { insert: () => ({ values: async (row: Record<string, unknown>) => void rows.push(row) }) } as unknown as DbOrTx;
  return { tx, rows };
}
const actor = { id: 7, username: 'ayse' };

describe('writeAudit', () => {
  it('takes resource, severity and category from the catalogue; a permitted override wins', async () => {
    const { tx, rows } = recorder();
    await writeAudit(tx, { actor, action: 'FORCE_LOGOUT', resourceId: 9, projectId: 3, details: { username: 'ali', reason: null, sessionsEnded: 1 } });
    await writeAudit(tx, { actor, action: 'SYSTEM_CONFIG_CHANGE', resource: 'project_settings', resourceId: 3, severity: 'high', details: { changes: {} } });
    await writeAudit(tx, { actor, action: 'LOGOUT', resourceId: 'abc' });
    expect(rows.map((r) => [r.action, r.resource, r.severity, r.category])).toEqual([
      ['FORCE_LOGOUT', 'agent', 'high', 'security'],
      ['SYSTEM_CONFIG_CHANGE', 'project_settings', 'high', 'system'],
      ['LOGOUT', 'session', 'low', 'auth'],
    ]);
    expect(rows[0]).toMatchObject({ userId: 7, username: 'ayse', resourceId: '9', projectId: 3, ipAddress: null });
    expect(rows[2]!.details).toEqual({});
  });

  it('scrubs secrets from the details', async () => {
    const { tx, rows } = recorder();
    await writeAudit(tx, { actor, action: 'UPDATE_AGENT', details: { username: 'ali', changes: { password: { before: 'a', after: 'b' } } } });
    expect(rows[0]!.details).toEqual({ username: 'ali', changes: { password: '[gizli]' } });
  });

  it('refuses, under test, a row that breaks the catalogue', async () => {
    const { tx, rows } = recorder();
    // @ts-expect-error sessionsEnded is a number
    await expect(writeAudit(tx, { actor, action: 'FORCE_LOGOUT', details: { username: 'ali', reason: null, sessionsEnded: 'bir' } })).rejects.toThrow(/FORCE_LOGOUT.*details/);
    // @ts-expect-error FORCE_LOGOUT's details are required
    await expect(writeAudit(tx, { actor, action: 'FORCE_LOGOUT' })).rejects.toThrow(/details/);
    // @ts-expect-error deleting a project is always critical
    await expect(writeAudit(tx, { actor, action: 'DELETE_PROJECT', severity: 'low', details: { code: 'A', name: 'B' } })).rejects.toThrow(/severity 'low'/);
    // @ts-expect-error a logout is about a session
    await expect(writeAudit(tx, { actor, action: 'LOGOUT', resource: 'user' })).rejects.toThrow(/resource 'user'/);
    expect(rows).toEqual([]);
  });
});
