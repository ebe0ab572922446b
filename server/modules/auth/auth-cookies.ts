import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIES } from '@common/constants';
import { AUTH_MESSAGES } from '@common/schemas/auth';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { randomToken, safeEqual } from '../../lib/secrets';

/** What the cookie helpers read of a request. */
type CookieRequest = Pick<FastifyRequest, 'cookies' | 'headers' | 'protocol'>;

/**
 * `Secure` when the browser reached us over HTTPS: TLS on our own listener, or `X-Forwarded-Proto:
 * https` from a proxy listed in TRUST_PROXY (Fastify believes that header from those addresses only).
 * COOKIE_SECURE=true/false overrides the guess (a proxy that terminates TLS but is not trusted).
 */
function secure(config: Config, request: CookieRequest): boolean {
  return config.COOKIE_SECURE ?? request.protocol === 'https';
}

function base(config: Config, request: CookieRequest): CookieSerializeOptions {
  return { sameSite: 'strict', secure: secure(config, request), maxAge: config.SESSION_ABSOLUTE_TTL_SECONDS };
}

/**
 * Sets the cookies of a browser sign-in: the refresh token (HttpOnly, only sent to /api/auth) and the
 * CSRF token the page sends back on refresh and logout. A sign-in mints a new CSRF token (whatever
 * cookie was there before is not trusted); a refresh keeps it, so a tab that read it just before
 * another tab's refresh still sends a valid one.
 */
export function setSessionCookies(config: Config, request: CookieRequest, reply: FastifyReply, refreshToken: string, csrfToken: 'new' | 'keep'): void {
  const kept = csrfToken === 'keep' ? request.cookies[AUTH_COOKIES.csrf] : undefined;
  const csrf = kept || randomToken();
  reply.setCookie(AUTH_COOKIES.refresh, refreshToken, { ...base(config, request), httpOnly: true, path: AUTH_COOKIES.refreshPath });
  // Path=/ so the page can read it wherever it is (document.cookie shows only cookies of the page's path).
  reply.setCookie(AUTH_COOKIES.csrf, csrf, { ...base(config, request), httpOnly: false, path: '/' });
}

/** Logout, or a refresh the server refused: the browser forgets both cookies. */
export function clearSessionCookies(config: Config, request: CookieRequest, reply: FastifyReply): void {
  const { sameSite, secure: isSecure } = base(config, request);
  reply.clearCookie(AUTH_COOKIES.refresh, { sameSite, secure: isSecure, httpOnly: true, path: AUTH_COOKIES.refreshPath });
  reply.clearCookie(AUTH_COOKIES.csrf, { sameSite, secure: isSecure, path: '/' });
}

export function refreshTokenOf(request: CookieRequest): string | undefined {
  const token = request.cookies[AUTH_COOKIES.refresh];
  // The same bound the old body schema had: a longer value is no token of ours and is not hashed.
  return token && token.length <= 512 ? token : undefined;
}

/** Browsers send Origin on a POST; when present it must be this server's own (or an allowed dev origin). */
function originAllowed(config: Config, request: CookieRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const url = new URL(origin);
    const allowed = config.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean);
    return url.host === request.headers.host || allowed.includes(url.origin);
  } catch {
    return false;
  }
}

/**
 * The cookie-authenticated calls (refresh, logout) need proof the page itself sent them: the
 * `X-CSRF-Token` header must equal the CSRF cookie (double submit). Another site cannot read the
 * cookie, and a cross-origin request carrying a custom header needs a CORS approval this server never
 * gives. An Origin of another site is refused as well. Either failure: 403 with nothing done.
 */
export function requireCsrf(config: Config, request: CookieRequest): void {
  const cookie = request.cookies[AUTH_COOKIES.csrf];
  const header = request.headers[AUTH_COOKIES.csrfHeader];
  const sent = Array.isArray(header) ? undefined : header;
  if (!cookie || !sent || !safeEqual(cookie, sent) || !originAllowed(config, request)) {
    throw new AppError('CSRF_REFUSED', AUTH_MESSAGES.csrfRefused);
  }
}
