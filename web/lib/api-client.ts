import type { ApiErrorCode } from '@common/error-codes';
import type { refreshTokens } from '@common/contract/auth';
import { PUBLIC_PATHS } from '@common/contract/public-paths';
import type { EndpointData } from '@common/contract/define-endpoint';
import { useSessionStore } from '@web/stores/session-store';
import { ApiError, NETWORK_ERROR, SESSION_ENDED, UNEXPECTED_ERROR } from './api-error';
import { endSession } from './session-end';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: QueryParams;
  signal?: AbortSignal;
  /** false for public endpoints (login): no Bearer, and a 401 is just an answer, not an expired token. */
  auth?: boolean;
  headers?: Record<string, string>;
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

async function send(path: string, init: SendInit, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(urlFor(path, init.query), {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR);
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
 * Trades the refresh token for new tokens. Single-flight: however many callers ask at
 * once, one POST /api/auth/refresh is made (the server rotates the token, so a second
 * call with the same one would be treated as reuse) and all of them get its result.
 */
export function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function runRefresh(): Promise<string> {
  const refreshToken = useSessionStore.getState().refreshToken;
  if (!refreshToken) {
    endSession('forced');
    throw sessionEnded();
  }
  const response = await send(PUBLIC_PATHS.refresh, { method: 'POST', body: { refreshToken } }, null);
  if (!response.ok) {
    const failure = await readFailure(response);
    // The server could not answer (restarting, database down): the refresh token was not
    // spent, so the session is kept and the next call tries again.
    if (response.status >= 500) throw new ApiError(response.status, failure.message ?? UNEXPECTED_ERROR, {}, failure.code, requestIdOf(response));
    endSession('forced');
    throw sessionEnded();
  }
  const body = (await response.json()) as { data: EndpointData<typeof refreshTokens> };
  // A logout while the refresh was under way wins: do not bring the tokens back.
  if (useSessionStore.getState().refreshToken !== refreshToken) throw sessionEnded();
  useSessionStore.getState().setTokens(body.data.tokens);
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
 * once. 'Session ID unknown' (revoked on the server), no refresh token, a refused
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
  return unwrap<T>(await authorizedFetch(path, { ...options, method, body }));
}

/** The server says the password must be changed first: the session's user says so too. */
export function markPasswordChangeRequired(): void {
  const { user, setUser } = useSessionStore.getState();
  if (user && !user.mustChangePassword) setUser({ ...user, mustChangePassword: true });
}
