import { z } from 'zod';

/** The one success shape of the API (failures are written by the error handler). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

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
