import type { Role } from '@common/enums';
import { bonusRequests, projectMembers } from '../../db/schema';
import { bearer, buildProject, buildTenant, buildUser, createTestApp, login, type TestApp } from '../../test/harness';
import type { App } from '../../types';

/** Shared set-up of the bonus request tests: one app, a tenant, and a signed-in user per role. */
export async function bonusTestBed() {
  const testApp: TestApp = await createTestApp();
  const { app } = testApp;
  const tenant = await buildTenant(app);
  const tokens = {} as Record<Role, string>;
  for (const role of Object.keys(tenant.members) as Role[]) {
    tokens[role] = (await login(app, tenant.members[role].username)).accessToken;
  }
  return { ...testApp, ...tenant, tokens };
}

export const requestsUrl = (projectId: number) => `/api/bonus/projects/${projectId}/requests`;

type BonusTestBed = Awaited<ReturnType<typeof bonusTestBed>>;

/** A new project of its own whose member is the bed's agent (the caller of the list tests), so no other test's rows mix in. */
export async function agentsOwnProject(bed: BonusTestBed): Promise<number> {
  const project = await buildProject(bed.app);
  await bed.app.ctx.database.db.insert(projectMembers).values({ projectId: project.id, userId: bed.members.agent.id });
  return project.id;
}

/** A page of the project's requests as the bed's agent lists them; any answer but a 200 fails the test. */
export async function listAsAgent(bed: BonusTestBed, projectId: number, query: string) {
  const res = await get(bed.app, `${requestsUrl(projectId)}?${query}`, bed.tokens.agent);
  if (res.statusCode !== 200) throw new Error(`GET …/requests?${query} answered ${res.statusCode}: ${res.body}`);
  return res.json().data as { items: { externalId: string; status: string }[]; total: number; totalPages: number; page: number; totalCapped?: boolean };
}

export type RequestRow = typeof bonusRequests.$inferInsert;

/** Requests written straight to the database, as a sync or a seed would leave them. */
export async function insertRequests(app: App, projectId: number, rows: Partial<RequestRow>[]) {
  return app.ctx.database.db
    .insert(bonusRequests)
    .values(rows.map((r) => ({ projectId, status: 'new' as const, ...r })))
    .returning();
}

export async function insertRequest(app: App, projectId: number, row: Partial<RequestRow> = {}) {
  const [created] = await insertRequests(app, projectId, [row]);
  return created!;
}

/** A member of the project with a fresh session. */
export async function signedInMember(app: App, projectId: number, opts: { role?: Role; maxLoad?: number | null } = {}) {
  const user = await buildUser(app, { role: opts.role ?? 'agent', projects: [projectId], maxLoad: opts.maxLoad });
  const { accessToken } = await login(app, user.username);
  return { user, token: accessToken, headers: bearer(accessToken) };
}

export function post(app: App, url: string, token: string, payload?: unknown) {
  return app.inject({ method: 'POST', url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}

export function get(app: App, url: string, token: string) {
  return app.inject({ method: 'GET', url, headers: bearer(token) });
}

/** The socket payload of a request an HTTP answer carries: the same request, without the caller's abilities. */
export function broadcastOf({ abilities: _abilities, ...request }: { abilities?: unknown } & Record<string, unknown>) {
  return request;
}
