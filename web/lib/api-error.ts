import { TERMS } from '@common/terms';

/** Spec §8: the fallback when neither the server nor the error says anything useful. */
export const UNEXPECTED_ERROR = 'Beklenmeyen bir hata oluştu';
export const NETWORK_ERROR = `${TERMS.unreachable}. Bağlantınızı kontrol edin.`;
/** A call the server did not answer in time (API.requestTimeoutMs). */
export const TIMEOUT_ERROR = `${TERMS.unreachable}: sunucu zamanında yanıt vermedi.`;
export const SESSION_ENDED = 'Oturumunuz sona erdi. Lütfen tekrar giriş yapın.';

import type { ApiErrorCode } from '@common/error-codes';

/**
 * A failed API call. `status` 0 (code 'NETWORK') means the server was not reached. `fieldErrors`
 * holds the server's per-field Turkish messages keyed by field path ('priority', 'db.host').
 */
export class ApiError extends Error {
  /** The server's machine code (`common/error-codes.ts`): what the client decides by. */
  readonly code: ApiErrorCode | 'NETWORK' | 'TIMEOUT';
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    code?: ApiErrorCode | 'TIMEOUT',
    /** The server's `x-request-id` of the failed call. */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    // Every answer of our server carries its code; one without (a proxy's page) is named by
    // its status class only, which keeps the sign-in page's JavaScript small.
    this.code = code ?? (status === 0 ? 'NETWORK' : status >= 500 ? 'INTERNAL' : status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST');
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** What a balancer or proxy answers when no instance behind it does. */
const NO_SERVER_BEHIND = [502, 503, 504];

/**
 * The one rule for "the server could not be reached": no answer, a timeout, or a balancer saying
 * nothing answered behind it. Such a failure reads 'Sunucuya ulaşılamıyor' with 'Tekrar Dene'. A
 * server that answered with an error (500) was reached: the screen says its own failure with the
 * server's message and request id, and a 4xx keeps its own message.
 */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || NO_SERVER_BEHIND.includes(error.status));
}

/** The text to show for a failure: the server's message, else the error's, else `fallback`. */
export function errorMessage(error: unknown, fallback = UNEXPECTED_ERROR): string {
  if (error instanceof ApiError) return withRequestId(error.message || fallback, error);
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** A server error's text ends with its request id, which support finds in the server's log. */
export function withRequestId(message: string, error: ApiError): string {
  return error.status >= 500 && error.requestId ? `${message} (Hata kodu: ${error.requestId})` : message;
}
