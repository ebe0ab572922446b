/** Spec §8: the fallback when neither the server nor the error says anything useful. */
export const UNEXPECTED_ERROR = 'Beklenmeyen bir hata oluştu';
export const NETWORK_ERROR = 'Sunucuya ulaşılamadı. Bağlantınızı kontrol edin.';
export const SESSION_ENDED = 'Oturumunuz sona erdi. Lütfen tekrar giriş yapın.';

import { codeForStatus, type ApiErrorCode } from '@common/error-codes';

/**
 * A failed API call. `status` 0 (code 'NETWORK') means the server was not reached. `fieldErrors`
 * holds the server's per-field Turkish messages keyed by field path ('priority', 'db.host').
 */
export class ApiError extends Error {
  /** The server's machine code (`common/error-codes.ts`): what the client decides by. */
  readonly code: ApiErrorCode | 'NETWORK';
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    code?: ApiErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code ?? (status === 0 ? 'NETWORK' : codeForStatus(status));
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** The text to show for a failure: the server's message, else the error's, else `fallback`. */
export function errorMessage(error: unknown, fallback = UNEXPECTED_ERROR): string {
  if (error instanceof ApiError) return error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
