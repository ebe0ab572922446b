import fc from 'fast-check';
import { expect } from 'vitest';
import type { App } from '../types';

/** Values a hostile or broken client might send in place of a field. */
export const hostileValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 10_000, maxLength: 10_240 }),
  fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** A body built from the expected field names, plus extras a client must not be able to set. */
export function hostileBody(fields: readonly string[]) {
  const extras = ['role', '__proto__', 'constructor', 'projectId', 'isActive', 'id', 'userId'];
  return fc.dictionary(fc.constantFrom(...fields, ...extras), hostileValue, { maxKeys: fields.length + 3 });
}

/**
 * Sends `runs` arbitrary bodies to an endpoint and requires that none gets a 5xx,
 * that every answer has the one failure shape, and that no stack trace leaks.
 */
export async function expectNo5xx(
  app: App,
  request: { method: 'POST' | 'PUT' | 'PATCH'; url: string; headers?: () => Record<string, string> | Promise<Record<string, string>> },
  fields: readonly string[],
  runs = 150,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.oneof(hostileBody(fields), hostileValue), async (body) => {
      const res = await app.inject({
        method: request.method,
        url: request.url,
        headers: { 'content-type': 'application/json', ...(await request.headers?.()) },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.body).not.toMatch(/\n\s+at |node_modules/);
      if (res.statusCode >= 400) expect(res.json().success).toBe(false);
    }),
    { numRuns: runs },
  );
}
