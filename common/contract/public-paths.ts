/**
 * Paths of the public calls the sign-in page makes (and the token refresh every page may make).
 * They live apart from their contract entries, which use them, because the sign-in page loads no
 * zod: its JavaScript stays within budget (scripts/check-login-bundle.mjs).
 */
export const PUBLIC_PATHS = {
  login: '/api/auth/login',
  refresh: '/api/auth/refresh',
  health: '/api/health',
  branding: '/api/system/branding',
} as const;
