/** PostgreSQL error code of an error, whether the driver's own or wrapped by Drizzle. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique index refused the row (two writers raced past a prior check). */
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
