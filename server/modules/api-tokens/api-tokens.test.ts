import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_LIMIT_PER_PROJECT, API_TOKEN_MESSAGES } from '@common/schemas/api-tokens';
import { apiTokens, auditLogs, bonusRequestEvents, users } from '../../db/schema';
import { bearer, buildProject, buildTenant, buildUser, createTestApp, login, siblingInstance, type TestApp } from '../../test/harness';
import type { App } from '../../types';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenant>>;
let admin: string;
let agent: string;

beforeAll(async () => {
  t = await createTestApp({ API_TOKEN_RATE_LIMIT: '40' });
  tenant = await buildTenant(t.app);
  admin = (await login(t.app, tenant.members.admin.username)).accessToken;
  agent = (await login(t.app, tenant.members.agent.username)).accessToken;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const tokensUrl = (projectId: number) => `/api/projects/${projectId}/api-tokens`;
const requestsUrl = (projectId: number) => `/api/bonus/projects/${projectId}/requests`;

async function createToken(body: Record<string, unknown>, projectId = tenant.project.id, token = admin) {
  return t.app.inject({ method: 'POST', url: tokensUrl(projectId), headers: bearer(token), payload: body });
}
async function tokenWith(abilities: string[], extra: Record<string, unknown> = {}) {
  const res = await createToken({ name: `Entegrasyon ${abilities.join('+')}`, abilities, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; token: string; name: string };
}
const call = (app: App, method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

describe('managing a project’s API tokens', () => {
  it('an admin creates one: the token is in the answer once, stored only as a hash, and audited', async () => {
    const res = await createToken({ name: 'Ödeme sistemi', abilities: ['requests:read', 'requests:read', 'requests:complete'] });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created.token).toMatch(/^bp_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Ödeme sistemi', abilities: ['requests:read', 'requests:complete'], createdByName: 'Test Kullanıcı', lastUsedAt: null, revokedAt: null });
    expect(created.hint).toBe(`${created.token.slice(0, 9)}…`);

    const [row] = await t.app.ctx.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.token);

    const list = await t.app.inject({ method: 'GET', url: tokensUrl(tenant.project.id), headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    expect(list.body).not.toContain(row!.tokenHash);
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(created.id);

    const audit = await t.app.ctx.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'CREATE_API_TOKEN'), eq(auditLogs.projectId, tenant.project.id)));
    expect(audit.some((a) => (a.details as { keyId: number }).keyId === created.id && a.userId === tenant.members.admin.id)).toBe(true);
  });

  it('is for admins and super admins of the project only', async () => {
    for (const role of ['manager', 'operator', 'agent'] as const) {
      const token = (await login(t.app, tenant.members[role].username)).accessToken;
      expect((await createToken({ name: 'x', abilities: ['requests:read'] }, tenant.project.id, token)).statusCode).toBe(403);
    }
    // An admin who is not a member of the other project learns nothing of it.
    expect((await createToken({ name: 'x', abilities: ['requests:read'] }, tenant.foreign.id)).statusCode).toBe(404);
  });

  it('refuses a nameless token, one without abilities, an unknown ability and an expiry in the past, in Turkish and writing nothing', async () => {
    const before = await t.app.ctx.database.db.$count(apiTokens);
    const bad = [
      [{ name: '  ', abilities: ['requests:read'] }, 'name', API_TOKEN_MESSAGES.nameRequired],
      [{ name: 'x', abilities: [] }, 'abilities', API_TOKEN_MESSAGES.abilitiesRequired],
      [{ name: 'x' }, 'abilities', API_TOKEN_MESSAGES.abilitiesRequired],
      [{ name: 'x', abilities: ['users:manage'] }, 'abilities.0', undefined],
      [{ name: 'x', abilities: ['requests:read'], expiresAt: new Date(t.clock.now().getTime() - 1000).toISOString() }, 'expiresAt', API_TOKEN_MESSAGES.expiryInPast],
      [{ name: 'x'.repeat(1_000_000), abilities: ['requests:read'] }, 'name', undefined],
    ] as const;
    for (const [body, field, message] of bad) {
      const res = await createToken(body);
      expect(res.statusCode, res.body).toBe(400);
      const errors = res.json().errors as Record<string, string>;
      expect(Object.keys(errors).some((k) => k === field || k.startsWith(field)), res.body).toBe(true);
      if (message) expect(errors[field]).toBe(message);
    }
    expect(await t.app.ctx.database.db.$count(apiTokens)).toBe(before);
  });

  it(`holds at most ${API_TOKEN_LIMIT_PER_PROJECT} live tokens a project, even when many are created at once`, async () => {
    const project = await buildProject(t.app);
    const boss = await buildUser(t.app, { role: 'admin', projects: [project.id] });
    const token = (await login(t.app, boss.username)).accessToken;
    const answers = await Promise.all(Array.from({ length: API_TOKEN_LIMIT_PER_PROJECT + 5 }, (_, i) => createToken({ name: `t${i}`, abilities: ['requests:read'] }, project.id, token)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(API_TOKEN_LIMIT_PER_PROJECT);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(API_TOKEN_MESSAGES.tooMany);
  });
});

describe('a machine calling with its token', () => {
  it('reads its project’s requests and reports where its abilities allow, and nothing else (403)', async () => {
    const { token } = await tokenWith(['requests:read']);
    expect((await call(t.app, 'GET', requestsUrl(tenant.project.id), token)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `${requestsUrl(tenant.project.id)}/stats`, token)).statusCode).toBe(200);
    // Another project, a report without 'reports:read', and the people's endpoints.
    const refused = [
      requestsUrl(tenant.foreign.id),
      `/api/projects/${tenant.project.id}/reports/bonus`,
      '/api/auth/me',
      '/api/users',
      '/api/projects',
      `/api/projects/${tenant.project.id}`,
      `/api/projects/${tenant.project.id}/settings`,
      tokensUrl(tenant.project.id),
    ];
    for (const url of refused) {
      const res = await call(t.app, 'GET', url, token);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
    }
    expect((await call(t.app, 'GET', requestsUrl(tenant.foreign.id), token)).json().message).toBe(API_TOKEN_MESSAGES.otherProject);
    expect((await call(t.app, 'POST', requestsUrl(tenant.project.id), token, { externalId: 'X-1', customerUsername: 'oyuncu', amount: '10', priority: 3 })).statusCode).toBe(403);

    // The request export streams the file to a machine as to a person.
    const file = await call(t.app, 'GET', `${requestsUrl(tenant.project.id)}/export?format=csv`, token);
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');

    const reports = await tokenWith(['reports:read']);
    const reportFile = await call(t.app, 'GET', `/api/projects/${tenant.project.id}/reports/bonus/export?format=excel`, reports.token);
    expect(reportFile.statusCode, reportFile.body.slice(0, 200)).toBe(200);
    const report = await call(t.app, 'GET', `/api/projects/${tenant.project.id}/reports/bonus`, reports.token);
    expect(report.statusCode, report.body).toBe(200);
    expect((await call(t.app, 'GET', requestsUrl(tenant.project.id), reports.token)).statusCode).toBe(403);
  });

  it('creates and completes requests under its own name in the timeline and the audit log', async () => {
    const machine = await tokenWith(['requests:create', 'requests:complete', 'requests:read']);
    await t.app.ctx.events.settled();
    const createdAt = t.clock.now().getTime() + 1;
    t.clock.advance(120_000);
    const created = await call(t.app, 'POST', requestsUrl(tenant.project.id), machine.token, { externalId: `API-${Date.now()}`, customerUsername: 'oyuncu_api', amount: '25.00', priority: 3 });
    expect(created.statusCode, created.body).toBe(201);
    const requestId = created.json().data.id as number;
    // A person takes it; the project's platform reports the payout done.
    expect((await call(t.app, 'POST', `${requestsUrl(tenant.project.id)}/${requestId}/assign`, agent, {})).statusCode).toBe(200);
    const done = await call(t.app, 'POST', `${requestsUrl(tenant.project.id)}/${requestId}/complete`, machine.token, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe('completed');

    const label = `${machine.name} (API anahtarı)`;
    const events = await t.app.ctx.database.db.select().from(bonusRequestEvents).where(eq(bonusRequestEvents.requestId, requestId));
    expect(events.filter((e) => e.actorName === label).map((e) => e.type)).toEqual(expect.arrayContaining(['created', 'completed']));
    const audit = await t.app.ctx.database.db.select().from(auditLogs).where(eq(auditLogs.resourceId, String(requestId)));
    expect(audit.filter((a) => a.username === label).map((a) => a.action)).toEqual(expect.arrayContaining(['CREATE_BONUS_REQUEST', 'COMPLETE_BONUS_REQUEST']));
    const [row] = await t.app.ctx.database.db.select().from(apiTokens).where(eq(apiTokens.id, machine.id));
    expect(row!.lastUsedAt).not.toBeNull();
    // The machine's work is not its creator's activity: an away admin stays away.
    const [creator] = await t.app.ctx.database.db.select({ lastActivityAt: users.lastActivityAt }).from(users).where(eq(users.id, tenant.members.admin.id));
    expect(creator!.lastActivityAt?.getTime() ?? 0).toBeLessThan(createdAt);
  });

  it('a revoked token answers 401 at once, on the other instance too; an expired one too', async () => {
    const other = await siblingInstance(t);
    try {
      const machine = await tokenWith(['requests:read']);
      expect((await call(other, 'GET', requestsUrl(tenant.project.id), machine.token)).statusCode).toBe(200);
      const revoked = await t.app.inject({ method: 'DELETE', url: `${tokensUrl(tenant.project.id)}/${machine.id}`, headers: bearer(admin) });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().data.revokedAt).not.toBeNull();
      for (const app of [other, t.app]) {
        const res = await call(app, 'GET', requestsUrl(tenant.project.id), machine.token);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe(API_TOKEN_MESSAGES.invalid);
      }
      const audit = await t.app.ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'REVOKE_API_TOKEN'));
      expect(audit.some((a) => (a.details as { keyId: number }).keyId === machine.id)).toBe(true);
    } finally {
      await other.close();
    }

    const soon = await tokenWith(['requests:read'], { expiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    expect((await call(t.app, 'GET', requestsUrl(tenant.project.id), soon.token)).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await call(t.app, 'GET', requestsUrl(tenant.project.id), soon.token)).statusCode).toBe(401);
  });

  it('guessed, forged and oversized tokens answer 401, never 5xx', async () => {
    const { token } = await tokenWith(['requests:read']);
    const guesses = [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'bp_', 'bp_x', `bp_${'a'.repeat(60_000)}`, 'bp_\u0000', "bp_' or 1=1 --"];
    for (const guess of guesses) {
      const res = await t.app.inject({ method: 'GET', url: requestsUrl(tenant.project.id), headers: { authorization: `Bearer ${guess}` } });
      expect(res.statusCode, guess.slice(0, 20)).toBe(401);
    }
  });

  it('each token has its own rate limit; people are not counted', async () => {
    const a = await tokenWith(['requests:read']);
    const b = await tokenWith(['requests:read']);
    const url = `${requestsUrl(tenant.project.id)}/stats`;
    const limit = t.app.ctx.config.API_TOKEN_RATE_LIMIT;
    const answers = await Promise.all(Array.from({ length: limit + 3 }, () => call(t.app, 'GET', url, a.token)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(limit);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(3);
    expect((await call(t.app, 'GET', url, b.token)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', url, admin)).statusCode).toBe(200);
  });
});
