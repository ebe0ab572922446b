import { API_CLIENT, AUTH_COOKIES } from '@common/constants';
import type { ApiErrorCode } from '@common/error-codes';
import type { refreshTokens } from '@common/contract/auth';
import { PUBLIC_PATHS } from '@common/contract/public-paths';
import type { EndpointData } from '@common/contract/define-endpoint';
import { useSessionStore } from '@web/stores/session-store';
import { ApiError, NETWORK_ERROR, SESSION_ENDED, TIMEOUT_ERROR, UNEXPECTED_ERROR } from './api-error';
import { reportAnswer, reportNoAnswer } from './server-reach';
import { endSession } from './session-end';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: QueryParams;
  signal?: AbortSignal;
  /** false for public endpoints (login): no Bearer, and a 401 is just an answer, not an expired token. */
  auth?: boolean;
  headers?: Record<string, string>;
  /** Milliseconds to wait for the answer's headers; past them the call fails as unreachable (code 'TIMEOUT'). */
  timeoutMs?: number;
}

interface SendInit extends RequestOptions {
  method: string;
  body?: unknown;
}

interface Failure {
  code?: ApiErrorCode;
  message?: string;
  errors?: Record<string, string>;
}

function urlFor(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The CSRF token the server set beside the refresh cookie (readable on purpose; see AUTH_COOKIES). */
export function csrfToken(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === AUTH_COOKIES.csrf) return decodeURIComponent(value.join('='));
  }
  return null;
}

async function send(path: string, init: SendInit, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  // The calls the refresh cookie authenticates (refresh, logout) prove they come from this page.
  const csrf = path.startsWith(AUTH_COOKIES.refreshPath) ? csrfToken() : null;
  if (csrf) headers[AUTH_COOKIES.csrfHeader] = csrf;
  // The caller's signal cancels (a screen left); ours gives up on a server that does not answer.
  const timeout = init.timeoutMs ? new AbortController() : null;
  const onCallerAbort = () => timeout?.abort();
  init.signal?.addEventListener('abort', onCallerAbort);
  const timer = timeout ? setTimeout(() => timeout.abort(), init.timeoutMs) : undefined;
  try {
    const response = await fetch(urlFor(path, init.query), {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: timeout?.signal ?? init.signal,
    });
    // A gateway's 502/504 means the server behind it did not answer either.
    if (response.status === 502 || response.status === 504) reportNoAnswer();
    else reportAnswer();
    return response;
  } catch (error) {
    if (init.signal?.aborted) throw error;
    reportNoAnswer();
    if (timeout?.signal.aborted) throw new ApiError(0, TIMEOUT_ERROR, {}, 'TIMEOUT');
    throw new ApiError(0, NETWORK_ERROR);
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', onCallerAbort);
  }
}

async function readFailure(response: Response): Promise<Failure> {
  try {
    const body = (await response.json()) as Failure;
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    return {};
  }
}

function sessionEnded(): ApiError {
  return new ApiError(401, SESSION_ENDED);
}

let refreshInFlight: Promise<string> | null = null;

/**
 * Trades the refresh cookie for a new access token (the server rotates the cookie). Single-flight:
 * however many callers of this tab ask at once, one POST /api/auth/refresh is made and all of them
 * get its result. Another tab refreshing at the same moment sends the same cookie; the server
 * answers both with the same successor within its grace, so neither tab is signed out.
 */
export function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function runRefresh(): Promise<string> {
  // No CSRF cookie: no sign-in cookies at all (signed out in another tab, or cleared by the user).
  if (!csrfToken()) {
    endSession('forced');
    throw sessionEnded();
  }
  const response = await send(PUBLIC_PATHS.refresh, { method: 'POST' }, null);
  if (!response.ok) {
    const failure = await readFailure(response);
    // The server could not answer (restarting, database down): the refresh token was not
    // spent, so the session is kept and the next call tries again.
    if (response.status >= 500) throw new ApiError(response.status, failure.message ?? UNEXPECTED_ERROR, {}, failure.code, requestIdOf(response));
    endSession('forced');
    throw sessionEnded();
  }
  const body = (await response.json()) as { data: EndpointData<typeof refreshTokens> };
  // A logout while the refresh was under way wins: do not bring the token back.
  if (useSessionStore.getState().user === null) throw sessionEnded();
  useSessionStore.getState().setAccessToken(body.data.tokens.accessToken);
  return body.data.tokens.accessToken;
}

/** A token newer than the one that was refused, refreshing only if nobody has yet. */
async function tokenAfter(refused: string | null): Promise<string> {
  const current = useSessionStore.getState().token;
  if (current && current !== refused && !refreshInFlight) return current;
  return refreshAccessToken();
}

/**
 * fetch with the session: adds the Bearer token; on a 401 refreshes once and retries
 * once. 'Session ID unknown' (revoked on the server), no sign-in cookie, a refused
 * refresh or a second 401 end the session at once.
 */
export async function authorizedFetch(path: string, init: SendInit): Promise<Response> {
  if (init.auth === false) return send(path, init, null);
  const used = useSessionStore.getState().token;
  const first = await send(path, init, used);
  if (first.status !== 401) return first;

  const failure = await readFailure(first);
  if (failure.code === 'SESSION_UNKNOWN') {
    endSession('forced');
    throw sessionEnded();
  }
  const token = await tokenAfter(used);
  const second = await send(path, init, token);
  if (second.status === 401) {
    endSession('forced');
    throw sessionEnded();
  }
  return second;
}

/** Reads the `{success, data}` envelope; anything else becomes an ApiError. */
async function unwrap<T>(response: Response): Promise<T> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(response.status, UNEXPECTED_ERROR, {}, undefined, requestIdOf(response));
  }
  const envelope = body as { success?: boolean; data?: T } & Failure;
  if (response.ok && envelope.success === true) return envelope.data as T;
  // The role must use 2FA and it is not set up: the route guard takes the user to /totp.
  if (envelope.code === 'TOTP_SETUP_REQUIRED') useSessionStore.getState().setTotpSetupRequired(true);
  // Signed in with a one-time password: the route guard takes the user to the change-password screen.
  if (envelope.code === 'PASSWORD_CHANGE_REQUIRED') markPasswordChangeRequired();
  throw new ApiError(response.ok ? 500 : response.status, envelope.message ?? UNEXPECTED_ERROR, envelope.errors ?? {}, response.ok ? 'INTERNAL' : envelope.code, requestIdOf(response));
}

/** The server's id of this request (every answer carries it): a server error shows it, for support to find its log. */
function requestIdOf(response: Response): string | undefined {
  return response.headers?.get('x-request-id') ?? undefined;
}

/**
 * The transport under `apiCall` (web/lib/api-call.ts), which is how features call the API:
 * typed from the contract, with no hand-written path or answer type.
 */
export async function apiRequest<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  // Reads give up after a while; a change is left to finish (trying it again could do it twice).
  const timeoutMs = options.timeoutMs ?? (method === 'GET' ? API_CLIENT.readTimeoutMs : undefined);
  return unwrap<T>(await authorizedFetch(path, { ...options, method, body, timeoutMs }));
}

/** The server says the password must be changed first: the session's user says so too. */
export function markPasswordChangeRequired(): void {
  const { user, setUser } = useSessionStore.getState();
  if (user && !user.mustChangePassword) setUser({ ...user, mustChangePassword: true });
}
