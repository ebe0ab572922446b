/**
 * Paths of the sign-in calls the login page and the token refresh make. They live apart from
 * `auth.ts` (which uses them) because the sign-in page loads no zod: its bundle stays small.
 */
export const AUTH_PATHS = {
  login: '/api/auth/login',
  refresh: '/api/auth/refresh',
} as const;
