import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLES } from '@common/enums';
import { sessionAbilitiesSchema } from '@common/schemas/abilities';
import { abilitiesOf, abilitySetOf } from '@common/testing/role-abilities';
import { projectMembers, projects, users } from '../../db/schema';
import { screenAbilities } from '../../policies/screen-abilities';
import { bearer, buildProject, buildTenant, buildUser, createTestApp, login, type TestApp } from '../../test/harness';
import { sessionCacheOf } from '../sessions';
import { totpKit } from '../totp/totp-test-kit';

/**
 * The login and GET /api/auth/me answers carry the caller's screens and actions: the web
 * app shows the menu, the screens and the buttons by them, so each role must get exactly
 * what it was shown when the browser still read the role matrix itself.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.app.ctx.database.db;
const me = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const allProjectIds = async () => (await db().select({ id: projects.id }).from(projects)).map((p) => String(p.id)).sort();

describe('screen abilities', () => {
  it('each role gets the screens and actions of the matrix, globally and in each project it works in', () => {
    for (const role of ROLES) expect(screenAbilities(role, [4, 9]), role).toEqual(abilitiesOf(role, [4, 9]));
    expect(screenAbilities('manager', []).projects).toEqual({});
  });

  it('the password step answers them: the member projects only, every project for super_admin', async () => {
    const tenant = await buildTenant(t.app);
    for (const role of ROLES) {
      const { user } = await login(t.app, tenant.members[role].username);
      const abilities = sessionAbilitiesSchema.parse(user.abilities);
      expect(abilities.global, role).toEqual(abilitySetOf(role));
      if (role === 'super_admin') {
        expect(Object.keys(abilities.projects).sort()).toEqual(await allProjectIds());
      } else {
        expect(abilities.projects, role).toEqual({ [String(tenant.project.id)]: abilitySetOf(role) });
        expect(abilities.projects[tenant.foreign.id], `${role} in a foreign project`).toBeUndefined();
      }
    }
  });

  it('GET /api/auth/me follows a change of membership or role', async () => {
    const own = await buildProject(t.app);
    const other = await buildProject(t.app);
    const user = await buildUser(t.app, { role: 'operator', projects: [own.id] });
    const { accessToken } = await login(t.app, user.username);
    expect((await me(accessToken)).abilities).toEqual(abilitiesOf('operator', [own.id]));

    await db().insert(projectMembers).values({ projectId: other.id, userId: user.id });
    await db().update(projects).set({ isActive: false }).where(eq(projects.id, other.id));
    // An inactive project is still one the user works in (the switcher lists it).
    expect((await me(accessToken)).abilities).toEqual(abilitiesOf('operator', [own.id, other.id]));

    await db().update(users).set({ role: 'manager' }).where(eq(users.id, user.id));
    sessionCacheOf(t.app.ctx).invalidate();
    const promoted = (await me(accessToken)).abilities;
    expect(promoted).toEqual(abilitiesOf('manager', [own.id, other.id]));
    expect(promoted.global.screens.routingRules).toBe(true);
    expect(promoted.global.actions.runSync).toBe(true);
  });
});

describe('screen abilities after the second factor', () => {
  const { nextCode, userWithTotp, challengeFor, secondStep } = totpKit(() => t);

  it('the TOTP step answers the same abilities as a one-step login', async () => {
    const project = await buildProject(t.app);
    const { user, secret } = await userWithTotp({ role: 'admin', projects: [project.id] });
    const res = await secondStep(await challengeFor(user.username), await nextCode(secret));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.abilities).toEqual(abilitiesOf('admin', [project.id]));
  });
});
