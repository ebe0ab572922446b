import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListedUser } from '@common/schemas/users';
import { bearer, buildTenant, buildUser, createTestApp, login, type TestApp } from '../../test/harness';

/**
 * Every listed user carries what the caller may do to them (server/policies/user-policy.ts),
 * and each ability agrees with what the server then accepts or refuses.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NONE = { edit: false, changeRole: false, toggle: false, resetPassword: false, delete: false, resetTotp: false };

describe('user abilities', () => {
  it("answers the admin's abilities on each user of the project, as the server enforces them", async () => {
    const { project, foreign, members } = await buildTenant(t.app);
    // Works in the admin's project and in one the admin is not in: out of the admin's reach.
    const elsewhere = await buildUser(t.app, { role: 'operator', projects: [project.id, foreign.id] });
    const { accessToken } = await login(t.app, members.admin.username);
    const res = await t.app.inject({ method: 'GET', url: `/api/users?projectId=${project.id}&limit=100`, headers: bearer(accessToken) });
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map((res.json().data.items as ListedUser[]).map((u) => [u.id, u.abilities]));

    expect(byId.get(members.operator.id)).toEqual({ edit: true, changeRole: true, toggle: true, resetPassword: true, delete: true, resetTotp: true });
    expect(byId.get(members.admin.id), 'oneself: edit only').toEqual({ ...NONE, edit: true });
    expect(byId.get(members.super_admin.id), 'a higher role').toEqual(NONE);
    expect(byId.get(elsewhere.id), 'a user of another project too').toEqual(NONE);

    // The server agrees: the refused ones are refused.
    const toggleElsewhere = await t.app.inject({ method: 'PATCH', url: `/api/users/${elsewhere.id}/toggle`, headers: bearer(accessToken), payload: { isActive: false } });
    expect(toggleElsewhere.statusCode).toBe(403);
    const deleteSelf = await t.app.inject({ method: 'DELETE', url: `/api/users/${members.admin.id}`, headers: bearer(accessToken) });
    expect(deleteSelf.statusCode).toBe(403);
  });

  it('the detail answers the same abilities as the list', async () => {
    const { members } = await buildTenant(t.app);
    const admin = await login(t.app, members.admin.username);
    const detail = await t.app.inject({ method: 'GET', url: `/api/users/${members.agent.id}`, headers: bearer(admin.accessToken) });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.abilities).toEqual({ edit: true, changeRole: true, toggle: true, resetPassword: true, delete: true, resetTotp: true });
    const self = await t.app.inject({ method: 'GET', url: `/api/users/${members.admin.id}`, headers: bearer(admin.accessToken) });
    expect(self.json().data.abilities).toEqual({ ...NONE, edit: true });
  });
});
