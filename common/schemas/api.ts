import { z } from 'zod';
import { API_ERROR_STATUS, type ApiErrorCode } from '../error-codes';

/** The one response shape of the API. */
export type ApiSuccess<T> = { success: true; data: T };
export type ApiFailure = { success: false; code: ApiErrorCode; message: string; errors?: Record<string, string> };
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}
export const failureSchema = z.object({
  success: z.literal(false),
  code: z.enum(Object.keys(API_ERROR_STATUS) as [ApiErrorCode, ...ApiErrorCode[]]),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** On a server error (5xx): the request's id, also in the `x-request-id` header and the server's log. */
  requestId: z.string().optional(),
});

/** Path parameters are positive integer ids. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
export const projectParams = z.object({ projectId: idParam });

/**
 * A string whose "required" message (missing, or not a string) is the spec's own;
 * its other checks keep their own messages.
 */
export function requiredString(message: string) {
  return z.string({ error: (issue) => (issue.code === 'invalid_type' ? message : undefined) });
}

/** A text field that trims, with the spec's message when empty. */
export function requiredText(message: string, max = 255) {
  return requiredString(message).trim().min(1, message).max(max);
}
export function optionalText(max = 255) {
  return z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === '' ? undefined : v));
}

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export type Paged<T> = { items: T[]; total: number; page: number; limit: number; totalPages: number };
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
  });
}
