import type { FastifyError, FastifyInstance } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { codeForStatus } from '@common/error-codes';
import { AppError } from '../lib/errors';
import { pgErrorCode } from '../lib/db-errors';

/** The SQLSTATE the four-eyes trigger raises. */
const FOUR_EYES_SQLSTATE = 'BP403';
const FOUR_EYES_MESSAGE = 'Bu tamamlama ikinci bir kişinin onayını gerektiriyor';

const GENERIC_MESSAGES: Record<number, string> = {
  400: 'İstek geçersiz',
  401: 'Oturum açmanız gerekiyor',
  403: 'Bu işlem için yetkiniz yok',
  404: 'Kayıt bulunamadı',
  405: 'Bu yöntem desteklenmiyor',
  409: 'İşlem mevcut durumla çakışıyor',
  413: 'İstek çok büyük',
  415: 'Desteklenmeyen içerik türü',
  429: 'Çok fazla istek. Lütfen biraz sonra tekrar deneyin.',
};
export const UNEXPECTED_MESSAGE = 'Beklenmeyen bir hata oluştu';
export const DATABASE_DOWN_MESSAGE = 'Veritabanına şu anda ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.';

/** Connection-level failures (server gone, socket reset, admin shutdown): the request may be retried. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = String((e as { code?: unknown }).code ?? '');
    if (/^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|57P0[123]|08\d{3})$/.test(code)) return true;
    const message = String((e as { message?: unknown }).message ?? '');
    if (/Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)) return true;
  }
  return false;
}

/** Field path → first message, so a form can show each field's error. */
function fieldErrors(issues: { instancePath: string; message?: string }[], context?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || context || '_';
    errors[path] ??= issue.message ?? 'Geçersiz değer';
  }
  return errors;
}

/** The one failure shape, `{ success: false, code, message, errors? }`; never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    if (thrown instanceof AppError) {
      return reply.status(thrown.status).send({ success: false, code: thrown.code, message: thrown.message, errors: thrown.fieldErrors });
    }
    const error: FastifyError = thrown;
    if (Array.isArray(error.validation)) {
      const errors = fieldErrors(error.validation, error.validationContext);
      return reply.status(400).send({ success: false, code: 'VALIDATION_FAILED', message: Object.values(errors)[0] ?? GENERIC_MESSAGES[400], errors });
    }
    if (pgErrorCode(error) === FOUR_EYES_SQLSTATE) {
      // The database's own four-eyes guard (migration four-eyes): a path the services did not stop.
      request.log.warn({ err: error }, 'four eyes refused by the database');
      return reply.status(403).send({ success: false, code: 'FOUR_EYES_REQUIRED', message: FOUR_EYES_MESSAGE });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ success: false, code: 'INTERNAL', message: UNEXPECTED_MESSAGE, requestId: request.id });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ success: false, code: 'UNAVAILABLE', message: DATABASE_DOWN_MESSAGE, requestId: request.id });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'unexpected error');
    // The rate limiter's message is ours (Turkish, with the wait); Fastify's other 4xx texts are English.
    const message = status === 429 && error.message ? error.message : (GENERIC_MESSAGES[status] ?? UNEXPECTED_MESSAGE);
    // A server error names the request, so support can find its log line (the web app shows it).
    return reply.status(status).send({ success: false, code: codeForStatus(status), message, ...(status >= 500 ? { requestId: request.id } : {}) });
  });
}
