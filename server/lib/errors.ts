import { API_ERROR_STATUS, type ApiErrorCode } from '@common/error-codes';

export type { ApiErrorCode };

/**
 * One error type with a fixed set of machine codes (`common/error-codes.ts`), each mapped to
 * an HTTP status. Services throw it; the error handler turns it into the one failure shape
 * `{ success: false, code, message, errors? }`.
 */
export class AppError extends Error {
  constructor(
    public readonly code: ApiErrorCode,
    message: string,
    public readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
  get status(): number {
    return API_ERROR_STATUS[this.code];
  }
}

export const notFound = (message = 'Kayıt bulunamadı') => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'Bu işlem için yetkiniz yok', code: ApiErrorCode = 'FORBIDDEN') => new AppError(code, message);
export const conflict = (message: string, code: ApiErrorCode = 'CONFLICT') => new AppError(code, message);
export const unauthorized = (message = 'Oturum geçersiz', code: ApiErrorCode = 'UNAUTHORIZED') => new AppError(code, message);
export const validationError = (fieldErrors: Record<string, string>, message = 'Lütfen alanları kontrol edin') =>
  new AppError('VALIDATION_FAILED', message, fieldErrors);
