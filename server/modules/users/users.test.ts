import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION } from '@common/constants';
import { USER_MESSAGES } from '@common/schemas/users';
import { users } from '../../db/schema';
import { usingPostgres } from '../../db/test-database';
import { bearer, buildProject, buildTenant, buildUser, createTestApp, login, refreshWith, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { changeUserAccess } from './change-user-access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

let n = 0;
const newUser = (projectIds: number[], extra: Record<string, unknown> = {}) => ({
  username: `yeni.kullanici${n++}`,
  fullName: 'Yeni Kullanıcı',
  email: 'yeni@example.com',
  role: 'operator',
  projectIds,
  ...extra,
});

describe('creating users', () => {
  it('answers every empty field of the form with its §5 message', async () => {
    const { members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.admin.username);
    const res = await inject('POST', '/api/users', accessToken, { username: '  ', fullName: '', email: '', role: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      username: USER_MESSAGES.usernameRequired,
      fullName: USER_MESSAGES.fullNameRequired,
      email: USER_MESSAGES.emailRequired,
      role: USER_MESSAGES.roleRequired,
    });
  });

  it('generates a one-time password shown once, forcing a change at the first sign-in', async () => {
    const { project, members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.admin.username);
    const body = newUser([project.id]);
    const res = await inject('POST', '/api/users', accessToken, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { user, oneTimePassword } = res.json().data;
    expect(oneTimePassword).toMatch(/^\S{12,}$/);
    expect(user.projects.map((p: { id: number }) => p.id)).toEqual([project.id]);
    expect(JSON.stringify(user)).not.toMatch(/hash|totpSecret|backup/i);

    const signedIn = await login(t.app, body.username, oneTimePassword);
    expect(signedIn.user.mustChangePassword).toBe(true);
    expect(signedIn.user.projects.map((p: { id: number }) => p.id)).toEqual([project.id]);
    // Shown once: reading the user again never shows it.
    const again = await inject('GET', `/api/users/${user.id}`, accessToken);
    expect(again.body).not.toContain(oneTimePassword);
  });

  it('takes a given password without forcing a change', async () => {
    const { project, members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.admin.username);
    const body = newUser([project.id], { password: 'kendi-sifresi-1' });
    const res = await inject('POST', '/api/users', accessToken, body);
    expect(res.json().data.oneTimePassword).toBeNull();
    expect((await login(t.app, body.username, 'kendi-sifresi-1')).user.mustChangePassword).toBe(false);
    const short = await inject('POST', '/api/users', accessToken, newUser([project.id], { password: 'kısa' }));
    expect(short.json().errors.password).toBe(USER_MESSAGES.passwordTooShort);
  });

  it('refuses a taken username (any case) with 409 and a field error', async () => {
    const { project, members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.admin.username);
    const res = await inject('POST', '/api/users', accessToken, newUser([project.id], { username: members.agent.username.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.username).toBe(USER_MESSAGES.usernameTaken);
  });

  it('takes a username of exactly 64 characters and refuses 65', async () => {
    const { project, members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.admin.username);
    const exact = `u${Date.now().toString(36)}`.padEnd(64, 'x');
    expect((await inject('POST', '/api/users', accessToken, newUser([project.id], { username: exact }))).statusCode).toBe(200);
    const over = await inject('POST', '/api/users', accessToken, newUser([project.id], { username: `${exact}x` }));
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.username).toBe('En fazla 64 karakter olabilir');
  });

  it("limits an admin's new user to the admin's projects", async () => {
    const { project, foreign, members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.admin.username);
    const outside = await inject('POST', '/api/users', accessToken, newUser([project.id, foreign.id]));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors.projectIds).toBe(USER_MESSAGES.projectNotAllowed);
    expect(outside.body).not.toContain(foreign.code);
    const none = await inject('POST', '/api/users', accessToken, newUser([]));
    expect(none.json().errors.projectIds).toBe(USER_MESSAGES.projectRequired);
  });
});

describe('role escalation is refused', () => {
  it('an admin can neither create nor promote to admin or super_admin', async () => {
    const { project, members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.admin.username);
    for (const role of ['admin', 'super_admin']) {
      const created = await inject('POST', '/api/users', accessToken, newUser([project.id], { role }));
      expect(created.statusCode).toBe(403);
      expect(created.json().message).toBe(USER_MESSAGES.roleNotAssignable);
      const promoted = await inject('PATCH', `/api/users/${members.operator.id}/role`, accessToken, { role });
      expect(promoted.statusCode).toBe(403);
      const edited = await inject('PUT', `/api/users/${members.operator.id}`, accessToken, {
        username: members.operator.username,
        fullName: 'X',
        email: 'x@example.com',
        role,
      });
      expect(edited.statusCode).toBe(403);
    }
    const [row] = await t.app.ctx.database.db.select().from(users).where(eq(users.id, members.operator.id));
    expect(row!.role).toBe('operator');
  });

  it('nobody changes their own role, not even a super_admin', async () => {
    const { members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.admin.username);
    const res = await inject('PATCH', `/api/users/${members.admin.id}/role`, accessToken, { role: 'manager' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_MESSAGES.selfRole);
    const sa = await login(t.app, members.super_admin.username);
    const own = await inject('PATCH', `/api/users/${members.super_admin.id}/role`, sa.accessToken, { role: 'admin' });
    expect(own.statusCode).toBe(403);
  });

  it('an admin cannot act on a super_admin at all', async () => {
    const { members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.admin.username);
    const id = members.super_admin.id;
    const calls = [
      inject('PATCH', `/api/users/${id}/toggle`, accessToken, { isActive: false }),
      inject('PATCH', `/api/users/${id}/role`, accessToken, { role: 'agent' }),
      inject('POST', `/api/users/${id}/reset-password`, accessToken),
      inject('DELETE', `/api/users/${id}`, accessToken),
      inject('PUT', `/api/users/${id}`, accessToken, { username: members.super_admin.username, fullName: 'X', email: 'x@example.com', role: 'super_admin' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(USER_MESSAGES.higherRole);
    }
    await login(t.app, members.super_admin.username);
  });

  it('a role cannot be smuggled in through another endpoint', async () => {
    const { members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.admin.username);
    const res = await inject('PATCH', `/api/users/${members.agent.id}/toggle`, accessToken, { isActive: true, role: 'super_admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('agent');
  });

  it('a manager or below has no user management at all', async () => {
    const { project, members } = await buildTenant(t.app);
    for (const role of ['manager', 'operator', 'agent'] as const) {
      const { accessToken } = await login(t.app, members[role].username);
      expect((await inject('POST', '/api/users', accessToken, newUser([project.id], { role: 'agent' }))).statusCode).toBe(403);
      expect((await inject('PATCH', `/api/users/${members.agent.id}/role`, accessToken, { role: 'manager' })).statusCode).toBe(403);
    }
  });

  it('the last active super_admin cannot be demoted, deactivated or deleted', async () => {
    const { members } = await buildTenant(t.app);
    const db = t.app.ctx.database.db;
    // Leave exactly one active super_admin in this database.
    await db.update(users).set({ isActive: false }).where(eq(users.role, 'super_admin'));
    await db.update(users).set({ isActive: true }).where(eq(users.id, members.super_admin.id));
    const other = await buildUser(t.app, { role: 'super_admin', isActive: false });
    const actor = { id: other.id, username: other.username, fullName: other.fullName, email: null, role: 'super_admin' as const, mustChangePassword: false };
    const as = { ctx: t.app.ctx, actor, ipAddress: null };
    for (const change of [{ role: 'admin' as const }, { isActive: false }]) {
      await expect(changeUserAccess(as, { id: members.super_admin.id, ...change })).rejects.toMatchObject({ message: USER_MESSAGES.lastSuperAdmin });
    }
    const [row] = await db.select().from(users).where(eq(users.id, members.super_admin.id));
    expect(row).toMatchObject({ role: 'super_admin', isActive: true });
    // With a second active super_admin it is allowed.
    await db.update(users).set({ isActive: true }).where(eq(users.id, other.id));
    await expect(changeUserAccess(as, { id: members.super_admin.id, role: 'admin' })).resolves.toMatchObject({ role: 'admin' });
    await db.update(users).set({ role: 'super_admin' }).where(eq(users.id, members.super_admin.id));
  });

  it.skipIf(!usingPostgres())('two super_admins demoting each other at once leave one super_admin (PostgreSQL only; PGlite runs one statement at a time)', async () => {
    const { members } = await buildTenant(t.app);
    const db = t.app.ctx.database.db;
    const second = await buildUser(t.app, { role: 'super_admin' });
    await db.update(users).set({ isActive: false }).where(eq(users.role, 'super_admin'));
    await db.update(users).set({ isActive: true }).where(inArray(users.id, [members.super_admin.id, second.id]));
    const a = await login(t.app, members.super_admin.username);
    const b = await login(t.app, second.username);
    const results = await Promise.all([
      inject('PATCH', `/api/users/${second.id}/role`, a.accessToken, { role: 'admin' }),
      inject('PATCH', `/api/users/${members.super_admin.id}/role`, b.accessToken, { role: 'admin' }),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const left = await db.select().from(users).where(and(eq(users.role, 'super_admin'), eq(users.isActive, true)));
    expect(left).toHaveLength(1);
  });

  it('nobody deletes or deactivates themselves', async () => {
    const { members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.admin.username);
    const del = await inject('DELETE', `/api/users/${members.admin.id}`, accessToken);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe(USER_MESSAGES.selfDelete);
    const off = await inject('PATCH', `/api/users/${members.admin.id}/toggle`, accessToken, { isActive: false });
    expect(off.json().message).toBe(USER_MESSAGES.selfDeactivate);
  });
});

describe('sessions end at once', () => {
  it("a deactivated user's next call gets 401 'Session ID unknown', and they cannot sign in", async () => {
    const { members } = await buildTenant(t.app);
    const admin = await login(t.app, members.admin.username);
    const target = await login(t.app, members.operator.username);
    expect((await inject('GET', '/api/auth/me', target.accessToken)).statusCode).toBe(200);
    const res = await inject('PATCH', `/api/users/${members.operator.id}/toggle`, admin.accessToken, { isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isActive).toBe(false);
    const next = await inject('GET', '/api/auth/me', target.accessToken);
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe(SESSION.unknownSessionMessage);
    const refresh = await refreshWith(t.app, target);
    expect(refresh.statusCode).toBe(401);
    await expect(login(t.app, members.operator.username)).rejects.toThrow();
  });

  it('a role change ends the sessions of that user only', async () => {
    const { members } = await buildTenant(t.app);
    const admin = await login(t.app, members.admin.username);
    const target = await login(t.app, members.operator.username);
    const bystander = await login(t.app, members.agent.username);
    const res = await inject('PATCH', `/api/users/${members.operator.id}/role`, admin.accessToken, { role: 'manager' });
    expect(res.json().data.role).toBe('manager');
    expect((await inject('GET', '/api/auth/me', target.accessToken)).json().message).toBe(SESSION.unknownSessionMessage);
    expect((await inject('GET', '/api/auth/me', bystander.accessToken)).statusCode).toBe(200);
    expect((await inject('GET', '/api/auth/me', admin.accessToken)).statusCode).toBe(200);
  });

  it('a password reset returns a one-time password, ends sessions and requires a change', async () => {
    const { members } = await buildTenant(t.app);
    const admin = await login(t.app, members.admin.username);
    const target = await login(t.app, members.agent.username);
    const res = await inject('POST', `/api/users/${members.agent.id}/reset-password`, admin.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { oneTimePassword } = res.json().data;
    expect((await inject('GET', '/api/auth/me', target.accessToken)).json().message).toBe(SESSION.unknownSessionMessage);
    await expect(login(t.app, members.agent.username, TEST_PASSWORD)).rejects.toThrow();
    expect((await login(t.app, members.agent.username, oneTimePassword)).user.mustChangePassword).toBe(true);
    expect(t.logs.join('\n')).not.toContain(oneTimePassword);
  });
});

describe('scoping to projects', () => {
  it("an admin sees only their projects' users; another project's user is 404", async () => {
    const a = await buildTenant(t.app);
    const b = await buildTenant(t.app);
    const { accessToken } = await login(t.app, a.members.admin.username);
    const list = await inject('GET', '/api/users?limit=100', accessToken);
    const ids = list.json().data.items.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining(Object.values(a.members).map((m) => m.id)));
    for (const m of Object.values(b.members)) expect(ids).not.toContain(m.id);
    expect((await inject('GET', `/api/users/${b.members.agent.id}`, accessToken)).statusCode).toBe(404);
    expect((await inject('PATCH', `/api/users/${b.members.agent.id}/toggle`, accessToken, { isActive: false })).statusCode).toBe(404);
    expect((await inject('GET', `/api/users?projectId=${b.project.id}`, accessToken)).statusCode).toBe(404);
  });

  it('filters by the active project, search, role and status', async () => {
    const { project, members } = await buildTenant(t.app);
    const other = await buildProject(t.app);
    const { accessToken } = await login(t.app, members.super_admin.username);
    const outsider = await buildUser(t.app, { role: 'agent', projects: [other.id] });
    const inProject = await inject('GET', `/api/projects/${project.id}/users?limit=100`, accessToken);
    const ids = inProject.json().data.items.map((u: { id: number }) => u.id);
    expect(ids.sort()).toEqual(Object.values(members).map((m) => m.id).sort());
    expect(ids).not.toContain(outsider.id);
    const agents = await inject('GET', `/api/users?projectId=${project.id}&role=agent`, accessToken);
    expect(agents.json().data.items.map((u: { id: number }) => u.id)).toEqual([members.agent.id]);
    const search = await inject('GET', `/api/users?projectId=${project.id}&search=${members.manager.username.slice(-6)}`, accessToken);
    expect(search.json().data.items.map((u: { id: number }) => u.id)).toEqual([members.manager.id]);
    await inject('PATCH', `/api/users/${members.operator.id}/toggle`, accessToken, { isActive: false });
    const inactive = await inject('GET', `/api/users?projectId=${project.id}&status=inactive`, accessToken);
    expect(inactive.json().data).toMatchObject({ total: 1, items: [{ id: members.operator.id, lastLoginAt: null }] });
  });

  it('an admin cannot change a user who also works in a project outside theirs', async () => {
    const { project, foreign, members } = await buildTenant(t.app);
    const shared = await buildUser(t.app, { role: 'agent', projects: [project.id, foreign.id] });
    const { accessToken } = await login(t.app, members.admin.username);
    const res = await inject('DELETE', `/api/users/${shared.id}`, accessToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_MESSAGES.outsideProjects);
    // Reading shows only the admin's own project of theirs.
    const read = await inject('GET', `/api/users/${shared.id}`, accessToken);
    expect(read.json().data.projects.map((p: { id: number }) => p.id)).toEqual([project.id]);
    expect(read.body).not.toContain(foreign.code);
  });

  it('editing assigns projects; deleting removes the user', async () => {
    const { project, members } = await buildTenant(t.app);
    const second = await buildProject(t.app);
    const { accessToken } = await login(t.app, members.super_admin.username);
    const put = await inject('PUT', `/api/users/${members.agent.id}`, accessToken, {
      username: members.agent.username,
      fullName: 'Düzenlenmiş Ad',
      email: 'duzen@example.com',
      role: 'agent',
      isActive: true,
      projectIds: [project.id, second.id],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ fullName: 'Düzenlenmiş Ad', projects: [{ id: project.id }, { id: second.id }] });
    const del = await inject('DELETE', `/api/users/${members.agent.id}`, accessToken);
    expect(del.json()).toEqual({ success: true, data: { id: members.agent.id, deleted: true } });
    expect((await inject('GET', `/api/users/${members.agent.id}`, accessToken)).statusCode).toBe(404);
  });
});
