import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '@common/schemas/settings';
import { SOCKET_EVENTS } from '@common/socket-events';
import { auditLogs } from '../../db/schema';
import { bearer, buildTenant, createTestApp, login, type TestApp } from '../../test/harness';
import { connectAs, listen, nextEvent } from '../../test/socket-client';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenant>>;
let superToken: string;
let adminToken: string;

const systemBody = { appName: 'Altın Panel', sessionTimeout: 3600, maxLoginAttempts: 4, twoFactorRequiredRoles: ['agent', 'operator'] };
const projectBody = {
  timezone: 'UTC',
  autoSync: false,
  syncInterval: 15,
  emailNotifications: true,
  smsNotifications: false,
  waitingAlertMinutes: 45,
  defaultAgentCapacity: 7,
  claimLeaseMinutes: 20,
  completeConfirmAmount: '2500.50',
  duplicateWindowHours: 12,
};

beforeAll(async () => {
  t = await createTestApp();
  tenant = await buildTenant(t.app);
  superToken = (await login(t.app, tenant.members.super_admin.username)).accessToken;
  adminToken = (await login(t.app, tenant.members.admin.username)).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const put = (url: string, token: string, payload: unknown) => t.app.inject({ method: 'PUT', url, headers: bearer(token), payload: payload as object });
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('system settings', () => {
  it('a super admin reads and saves them; the change is audited with before/after, high severity for security fields', async () => {
    const before = (await get('/api/system/settings', superToken)).json().data;
    expect(before).toEqual({ appName: 'Bonus Management System', sessionTimeout: 7200, maxLoginAttempts: 5, twoFactorRequiredRoles: [] });
    const res = await put('/api/system/settings', superToken, systemBody);
    expect(res.statusCode, res.body).toBe(200);
    // Roles are kept in the matrix's order, whatever order they came in.
    expect(res.json().data).toEqual({ ...systemBody, twoFactorRequiredRoles: ['operator', 'agent'] });
    expect((await get('/api/system/settings', superToken)).json().data.appName).toBe('Altın Panel');

    const [row] = await t.app.ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'SYSTEM_CONFIG_CHANGE'), eq(auditLogs.resource, 'system_settings')))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(row).toMatchObject({ severity: 'high', category: 'system', username: tenant.members.super_admin.username });
    expect((row!.details as { changes: Record<string, unknown> }).changes).toMatchObject({
      appName: { before: 'Bonus Management System', after: 'Altın Panel' },
      sessionTimeout: { before: 7200, after: 3600 },
      maxLoginAttempts: { before: 5, after: 4 },
    });

    // Only the name changes: not a security change.
    await put('/api/system/settings', superToken, { ...systemBody, appName: 'Altın Panel 2' });
    const [second] = await t.app.ctx.database.db.select().from(auditLogs).where(eq(auditLogs.resource, 'system_settings')).orderBy(desc(auditLogs.id)).limit(1);
    expect(second!.severity).toBe('medium');
    expect(Object.keys((second!.details as { changes: object }).changes)).toEqual(['appName']);
    await put('/api/system/settings', superToken, { ...systemBody, appName: 'Bonus Management System', sessionTimeout: 7200, maxLoginAttempts: 5 });
  });

  it('the application name is readable without signing in', async () => {
    const res = await get('/api/system/branding');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ appName: 'Bonus Management System' });
  });

  it('only a super admin: an admin gets 403 for reading and saving', async () => {
    expect((await get('/api/system/settings', adminToken)).statusCode).toBe(403);
    expect((await put('/api/system/settings', adminToken, systemBody)).statusCode).toBe(403);
  });

  it('answers 400 with the §5 message on each field', async () => {
    const res = await put('/api/system/settings', superToken, { appName: '   ', sessionTimeout: 299, maxLoginAttempts: 0, twoFactorRequiredRoles: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      appName: SETTINGS_MESSAGES.appNameRequired,
      sessionTimeout: SETTINGS_MESSAGES.sessionTimeoutMin,
      maxLoginAttempts: SETTINGS_MESSAGES.maxLoginAttemptsMin,
    });
    const missing = await put('/api/system/settings', superToken, { twoFactorRequiredRoles: [] });
    expect(missing.json().errors).toEqual({
      appName: SETTINGS_MESSAGES.appNameRequired,
      sessionTimeout: SETTINGS_MESSAGES.sessionTimeoutRequired,
      maxLoginAttempts: SETTINGS_MESSAGES.maxLoginAttemptsRequired,
    });
  });

  it('refuses unknown keys, __proto__ and bad roles with 400, changing nothing', async () => {
    for (const payload of [
      { ...systemBody, isAdmin: true },
      JSON.parse(`{"appName":"x","sessionTimeout":600,"maxLoginAttempts":3,"twoFactorRequiredRoles":[],"__proto__":{"polluted":1}}`),
      { ...systemBody, twoFactorRequiredRoles: ['root'] },
      { ...systemBody, appName: 'x'.repeat(100_000) },
    ]) {
      const res = await put('/api/system/settings', superToken, payload);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect((await get('/api/system/settings', superToken)).json().data.appName).toBe('Bonus Management System');
  });
});

describe('project settings', () => {
  it('an admin of the project reads the defaults with the channels the server can use, and saves', async () => {
    const url = `/api/projects/${tenant.project.id}/settings`;
    const res = await get(url, adminToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      settings: {
        timezone: 'Europe/Istanbul',
        autoSync: true,
        syncInterval: 30,
        emailNotifications: true,
        smsNotifications: false,
        waitingAlertMinutes: 30,
        defaultAgentCapacity: 5,
        claimLeaseMinutes: 30,
        completeConfirmAmount: '10000.00',
        duplicateWindowHours: 24,
        approvalThreshold: null,
        customerDailyLimit: null,
        customerMonthlyLimit: null,
      },
      transports: { email: false, sms: false, emailToLog: false },
    });

    const base = await listen(t.app);
    const socket = await connectAs(base, (await login(t.app, tenant.members.manager.username)).accessToken, tenant.project.id);
    try {
      const heard = nextEvent(socket, SOCKET_EVENTS.settingsChanged);
      const saved = await put(url, adminToken, projectBody);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.settings).toEqual({ ...projectBody, completeConfirmAmount: '2500.50', approvalThreshold: null, customerDailyLimit: null, customerMonthlyLimit: null });
      expect(await heard).toEqual({ projectId: tenant.project.id });
    } finally {
      socket.close();
    }
    const [row] = await t.app.ctx.database.db.select().from(auditLogs).where(eq(auditLogs.resource, 'project_settings')).orderBy(desc(auditLogs.id)).limit(1);
    expect(row).toMatchObject({ action: 'SYSTEM_CONFIG_CHANGE', projectId: tenant.project.id, resourceId: String(tenant.project.id) });
    expect((row!.details as { changes: Record<string, unknown> }).changes).toMatchObject({ timezone: { before: 'Europe/Istanbul', after: 'UTC' } });

    // An empty amount: completing never asks.
    const cleared = await put(url, adminToken, { ...projectBody, completeConfirmAmount: '' });
    expect(cleared.json().data.settings.completeConfirmAmount).toBeNull();
  });

  it('answers 400 with the messages, for unknown keys and time zones outside the list', async () => {
    const url = `/api/projects/${tenant.project.id}/settings`;
    const res = await put(url, adminToken, { ...projectBody, syncInterval: 0, timezone: 'Mars/Olympus', defaultAgentCapacity: 0, completeConfirmAmount: '1,5' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      syncInterval: SETTINGS_MESSAGES.syncIntervalMin,
      timezone: SETTINGS_MESSAGES.timezoneInvalid,
      defaultAgentCapacity: SETTINGS_MESSAGES.defaultCapacityRange,
      completeConfirmAmount: SETTINGS_MESSAGES.confirmAmountInvalid,
    });
    const { syncInterval: _s, ...noInterval } = projectBody;
    expect((await put(url, adminToken, noInterval)).json().errors).toEqual({ syncInterval: SETTINGS_MESSAGES.syncIntervalRequired });
    expect((await put(url, adminToken, { ...projectBody, projectId: 99 })).statusCode).toBe(400);
  });

  it("another project's settings answer 404; a manager gets 403", async () => {
    expect((await get(`/api/projects/${tenant.foreign.id}/settings`, adminToken)).statusCode).toBe(404);
    expect((await put(`/api/projects/${tenant.foreign.id}/settings`, adminToken, projectBody)).statusCode).toBe(404);
    const manager = (await login(t.app, tenant.members.manager.username)).accessToken;
    expect((await put(`/api/projects/${tenant.project.id}/settings`, manager, projectBody)).statusCode).toBe(403);
  });

  it('fifty saves at once all succeed and leave one consistent row', async () => {
    const url = `/api/projects/${tenant.project.id}/settings`;
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => put(url, adminToken, { ...projectBody, syncInterval: i + 1 })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const now = (await get(url, adminToken)).json().data.settings.syncInterval;
    expect(now).toBeGreaterThanOrEqual(1);
    expect(now).toBeLessThanOrEqual(50);
  });
});
