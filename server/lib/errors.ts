/**
 * One error type with a fixed set of codes, each mapped to an HTTP status.
 * Services throw it; the error handler turns it into the one failure shape.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many: 429,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (message = 'Kayıt bulunamadı') => new AppError('not_found', message);
export const forbidden = (message = 'Bu işlem için yetkiniz yok') => new AppError('forbidden', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const unauthorized = (message = 'Oturum geçersiz') => new AppError('unauthorized', message);
export const validationError = (fieldErrors: Record<string, string>, message = 'Lütfen alanları kontrol edin') =>
  new AppError('validation', message, fieldErrors);
