import { and, desc, eq, sql } from 'drizzle-orm';
import type { RoutingRuleBody } from '@common/schemas/routing';
import { auditLogs, bonusRequestEvents, bonusRequests, projectMembers, users } from '../../db/schema';
import { bearer, buildTenant, buildUser, createTestApp, login, type TestApp } from '../../test/harness';
import type { App } from '../../types';

/** One app, a tenant, a signed-in manager: what every routing API test starts from. */
export async function routingTestBed() {
  const testApp: TestApp = await createTestApp();
  const tenant = await buildTenant(testApp.app);
  const manager = (await login(testApp.app, tenant.members.manager.username)).accessToken;
  return { ...testApp, ...tenant, manager };
}

export const rulesUrl = (projectId: number) => `/api/projects/${projectId}/routing-rules`;
export const requestsUrl = (projectId: number) => `/api/bonus/projects/${projectId}/requests`;

export function call(app: App, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) {
  return app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function createRule(app: App, projectId: number, token: string, body: Partial<RoutingRuleBody> = {}) {
  const res = await call(app, 'POST', rulesUrl(projectId), token, {
    ruleName: 'Nakit iade sıralı',
    targetStrategy: 'round_robin',
    priority: 50,
    conditions: [{ conditionType: 'bonus_type', operator: 'in', values: ['cashback'] }],
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`rule: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; ruleName: string };
}

/**
 * An agent member as presence leaves one who is connected and active: online. Routing reads
 * exactly these columns, so a test needs no socket unless it tests presence itself.
 */
export async function onlineAgent(app: App, projectId: number, opts: { maxLoad?: number; role?: 'agent' | 'operator' | 'manager'; online?: boolean } = {}) {
  const user = await buildUser(app, { role: opts.role ?? 'agent', projects: [projectId], maxLoad: opts.maxLoad ?? 5 });
  if (opts.online !== false) await setOnline(app, projectId, user.id, true);
  return user;
}

export async function setOnline(app: App, projectId: number, userId: number, online: boolean) {
  const db = app.ctx.database.db;
  await db.update(projectMembers).set({ connected: online }).where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  await db.update(users).set({ lastActivityAt: app.ctx.clock.now() }).where(eq(users.id, userId));
}

export async function requestRow(app: App, id: number) {
  const [row] = await app.ctx.database.db.select().from(bonusRequests).where(eq(bonusRequests.id, id));
  return row!;
}

export async function eventsOf(app: App, requestId: number) {
  return app.ctx.database.db.select().from(bonusRequestEvents).where(eq(bonusRequestEvents.requestId, requestId)).orderBy(bonusRequestEvents.id);
}

export async function lastAudit(app: App, action: string) {
  const [row] = await app.ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(desc(auditLogs.id)).limit(1);
  return row;
}

/** Assigned requests per user in the project. */
export async function loads(app: App, projectId: number): Promise<Record<number, number>> {
  const result = await app.ctx.database.db.execute(sql`
    select assigned_user_id as id, count(*)::int as n from bonus_requests
    where project_id = ${projectId} and status = 'assigned' group by assigned_user_id`);
  return Object.fromEntries((result as unknown as { rows: { id: number; n: number }[] }).rows.map((r) => [Number(r.id), Number(r.n)]));
}

export const newRequest = (body: Record<string, unknown> = {}) => ({ customerUsername: 'oyuncu_1', bonusType: 'cashback', amount: '250', priority: 3, ...body });
