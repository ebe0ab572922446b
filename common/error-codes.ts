/**
 * Stable machine codes of API failures, each with its HTTP status. The server sends the code
 * beside the Turkish `message`; the client decides by code, never by the message's text.
 */
export const API_ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  /** The session was revoked, expired or never existed: the client signs out at once. */
  SESSION_UNKNOWN: 401,
  /** The login's second step came too late or twice: start the sign-in again. */
  CHALLENGE_EXPIRED: 401,
  /** Too many wrong passwords or codes: the name is locked for a while; the message says until when. */
  ACCOUNT_LOCKED: 401,
  FORBIDDEN: 403,
  /** The caller's role must use two-factor sign-in and has not set it up yet. */
  TOTP_SETUP_REQUIRED: 403,
  /** Signed in with a one-time password: only changing it (and me, logout) answers until it is changed. */
  PASSWORD_CHANGE_REQUIRED: 403,
  /** Refresh or logout without the page's CSRF token (or from another site): nothing was done. */
  CSRF_REFUSED: 403,
  /** Four eyes: the person who sent a completion for approval cannot approve it (server and database refuse it). */
  FOUR_EYES_REQUIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** The request's status does not allow the move (state machine). */
  ILLEGAL_TRANSITION: 409,
  /** Someone else took the request first. */
  ALREADY_CLAIMED: 409,
  /** Someone else approved or rejected the request first; the message names them. */
  ALREADY_DECIDED: 409,
  /** 'Geri Al' refused: someone acted on the request since, the window passed, or nothing to undo. */
  UNDO_REFUSED: 409,
  /** A sync job of the project is already running. */
  SYNC_RUNNING: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** Too many file exports running at once, for the caller or for the server: try again shortly. */
  EXPORT_BUSY: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

/** Socket connect errors carry these codes in their `data`. */
export const SOCKET_ERROR_CODES = ['SESSION_UNKNOWN', 'UNAUTHORIZED', 'PROJECT_NOT_SPECIFIED', 'NOT_FOUND', 'TOTP_SETUP_REQUIRED', 'PASSWORD_CHANGE_REQUIRED'] as const;
export type SocketErrorCode = (typeof SOCKET_ERROR_CODES)[number];

/** The code a bare HTTP status stands for, when nothing more precise is known. */
export function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400: return 'BAD_REQUEST';
    case 401: return 'UNAUTHORIZED';
    case 403: return 'FORBIDDEN';
    case 404: return 'NOT_FOUND';
    case 405: return 'METHOD_NOT_ALLOWED';
    case 409: return 'CONFLICT';
    case 413: return 'PAYLOAD_TOO_LARGE';
    case 415: return 'UNSUPPORTED_MEDIA_TYPE';
    case 429: return 'RATE_LIMITED';
    case 503: return 'UNAVAILABLE';
    default: return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}
