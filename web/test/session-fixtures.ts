import type { Role } from '@common/enums';
import type { SessionUser } from '@common/schemas/auth';
import { abilitiesOf } from '@common/testing/role-abilities';
import { useSessionStore } from '@web/stores/session-store';

export const PROJECTS = [
  { id: 1, code: 'GOLD', name: 'Altın Şans Casino', timezone: 'Europe/Istanbul' },
  { id: 2, code: 'YILDIZ', name: 'Yıldız Bahis', timezone: 'Europe/Istanbul' },
];

export function sessionUser(role: Role = 'admin', overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    username: 'admin',
    fullName: 'Burak Yılmaz',
    email: 'admin@example.com',
    role,
    mustChangePassword: false,
    projects: PROJECTS,
    abilities: abilitiesOf(role, PROJECTS.map((p) => p.id)),
    ...overrides,
  };
}

/** Puts a signed-in session in the store, as a login would. */
export function signInAs(role: Role = 'admin', overrides: Partial<SessionUser> = {}, tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' }) {
  useSessionStore.getState().signIn(tokens, sessionUser(role, overrides));
}

export function signOutStore() {
  useSessionStore.getState().clear();
}
