import { AUTH_COOKIES } from '@common/constants';
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

/** The CSRF cookie the server sets at sign-in (the refresh cookie is HttpOnly: a page never sees it). */
export function setCsrfCookie(value: string | null = 'csrf-1') {
  document.cookie = value === null ? `${AUTH_COOKIES.csrf}=; path=/; max-age=0` : `${AUTH_COOKIES.csrf}=${value}; path=/`;
}

/** Puts a signed-in session in the store and the CSRF cookie in the page, as a login would. */
export function signInAs(role: Role = 'admin', overrides: Partial<SessionUser> = {}, tokens = { accessToken: 'access-1' }) {
  setCsrfCookie();
  useSessionStore.getState().signIn(tokens, sessionUser(role, overrides));
}

export function signOutStore() {
  useSessionStore.getState().clear();
  setCsrfCookie(null);
}
