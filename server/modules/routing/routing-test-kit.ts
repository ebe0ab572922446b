import { and, desc, eq, sql } from 'drizzle-orm';
import type { RoutingRuleBody } from '@common/schemas/routing';
import { auditLogs, bonusRequestEvents, bonusRequests, projectMembers, users } from '../../db/schema';
import type { Socket } from 'socket.io-client';
import { bearer, buildProject, buildTenant, buildUser, createTestApp, login, type TestApp } from '../../test/harness';
import { connectAs, listen } from '../../test/socket-client';
import type { App } from '../../types';

/** One app, a tenant, a signed-in manager: what every routing API test starts from. */
export async function routingTestBed(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const testApp: TestApp = await createTestApp(overrides);
  const tenant = await buildTenant(testApp.app);
  const manager = (await login(testApp.app, tenant.members.manager.username)).accessToken;
  return { ...testApp, ...tenant, manager };
}

/** A project of its own per test (with the bed's manager and operator), so one test's rules never route another's requests. */
export async function freshProject(bed: { app: App; members: { manager: { id: number }; operator: { id: number } } }): Promise<number> {
  const project = await buildProject(bed.app);
  await bed.app.ctx.database.db.insert(projectMembers).values([
    { projectId: project.id, userId: bed.members.manager.id },
    { projectId: project.id, userId: bed.members.operator.id },
  ]);
  return project.id;
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

const openSockets: Socket[] = [];
export function closeSockets(): void {
  openSockets.splice(0).forEach((s) => s.close());
}

/** Connects the user's socket to the app (as the web app does) and waits until presence has them online. */
export async function connectOnline(app: App, projectId: number, user: { id: number; username: string }): Promise<Socket> {
  const token = (await login(app, user.username)).accessToken;
  const socket = await connectAs(await listen(app), token, projectId);
  openSockets.push(socket);
  for (let i = 0; i < 100; i++) {
    const [member] = await app.ctx.database.db
      .select({ connected: projectMembers.connected })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, user.id)));
    if (member?.connected) return socket;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`presence never saw ${user.username} online`);
}

/** An agent member of the project, online through a real socket unless `online: false`. */
export async function onlineAgent(app: App, projectId: number, opts: { maxLoad?: number; role?: 'agent' | 'operator' | 'manager'; online?: boolean } = {}) {
  const user = await buildUser(app, { role: opts.role ?? 'agent', projects: [projectId], maxLoad: opts.maxLoad ?? 5 });
  if (opts.online !== false) await connectOnline(app, projectId, user);
  return user;
}

/**
 * Presence's columns written directly: online without a socket, until presence next looks at
 * the member (any change of their load makes it look, and it then finds no socket).
 */
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
