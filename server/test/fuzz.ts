import fc from 'fast-check';
import { expect } from 'vitest';
import { arbitraryFor, fieldNamesOf } from './zod-arbitrary';

/**
 * Property-based fuzzing of the API (issue 14): valid-shaped requests from the schemas of
 * common/, mutated the way a hostile or broken client would. A fixed seed keeps CI
 * reproducible; FUZZ_SEED and FUZZ_RUNS override it, and a failure prints the seed.
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 14_2026);
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 200);

/** Lone halves of a UTF-16 pair: not valid Unicode, so no text column may get them. */
const loneSurrogate = fc.constantFrom('\ud800', 'a\udbffb', '\udc00', 'x\ud83d');
const controlText = fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 20 });

/** Values a hostile or broken client might send in place of a field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constant('x'.repeat(100_000)),
  fc.string({ minLength: 10_000, maxLength: 10_240 }),
  controlText,
  loneSurrogate,
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', "' or '1'='1", '%', '_', '\\', '../../etc/passwd'),
  fc.integer(),
  fc.constantFrom(-1, 0, -2_147_483_649, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 1e-320, 0.1),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  fc.integer({ min: 40, max: 200 }).map((depth) => JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`)),
);

/** Fields a client must never be able to set, and keys that poison careless object code. */
const EXTRA_KEYS = ['role', 'projectId', 'isActive', 'id', 'userId', 'assignedUserId', 'status', 'constructor', 'prototype', 'toString'];

type Mutation =
  | { kind: 'valid' }
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'remove'; pick: number }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'proto'; value: unknown }
  | { kind: 'whole'; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.constant<Mutation>({ kind: 'valid' }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: hostileValue }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('extra' as const), key: fc.constantFrom(...EXTRA_KEYS), value: hostileValue }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('proto' as const), value: hostileValue }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('whole' as const), value: hostileValue }), weight: 1 },
);

/** JSON text: JSON.stringify writes lone surrogates as \ud800 escapes, as an attacker would. */
function applyMutation(valid: unknown, fields: string[], m: Mutation): string {
  const body: Record<string, unknown> = valid && typeof valid === 'object' && !Array.isArray(valid) ? { ...(valid as object) } : {};
  const keys = fields.length ? fields : Object.keys(body);
  switch (m.kind) {
    case 'valid':
      return JSON.stringify(valid ?? {});
    case 'replace':
      body[keys[m.pick % Math.max(keys.length, 1)] ?? 'x'] = m.value;
      return JSON.stringify(body);
    case 'remove':
      delete body[keys[m.pick % Math.max(keys.length, 1)] ?? 'x'];
      return JSON.stringify(body);
    case 'extra':
      body[m.key] = m.value;
      return JSON.stringify(body);
    case 'proto': {
      // An own "__proto__" key only exists in JSON text; JSON.stringify would drop it.
      const rest = JSON.stringify(body).slice(1);
      return `{"__proto__":${JSON.stringify(m.value ?? null)}${rest === '}' ? '' : ','}${rest}`;
    }
    case 'whole':
      return JSON.stringify(m.value) ?? 'null';
  }
}

/** Mutated JSON bodies for a route's body schema (any object when it has none). */
export function mutatedBody(schema: unknown): fc.Arbitrary<string> {
  const valid = schema ? arbitraryFor(schema) : fc.constant({});
  const fields = schema ? fieldNamesOf(schema) : [];
  return fc.tuple(valid, mutation).map(([v, m]) => applyMutation(v, fields, m));
}

/** Percent-encoding that also writes lone surrogates (as the bytes of their WTF-8 form). */
function encode(value: string): string {
  return Array.from(value, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}

const queryText = (v: unknown): string => (typeof v === 'string' ? v : v && typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Mutated query strings for a list's query schema: hostile values, unknown keys, repeated keys. */
export function mutatedQuery(schema: unknown): fc.Arbitrary<string> {
  const valid = schema ? arbitraryFor(schema) : fc.constant({});
  const fields = schema ? fieldNamesOf(schema) : [];
  const pairs = fc.tuple(valid, mutation, fc.boolean()).map(([v, m, repeat]) => {
    const body = JSON.parse(applyMutation(v, fields, m.kind === 'whole' || m.kind === 'proto' ? { kind: 'extra', key: '__proto__', value: m.value } : m)) as unknown;
    const entries: [string, unknown][] = body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : [['q', body]];
    if (m.kind === 'proto') entries.push(['__proto__', 'x'], ['constructor', 'prototype']);
    if (repeat && entries[0]) entries.push(entries[0]);
    return entries
      .flatMap(([k, val]) => (Array.isArray(val) ? val.map((x) => [k, x] as const) : [[k, val] as const]))
      .map(([k, val]) => `${encode(k)}=${encode(queryText(val).slice(0, 20_000))}`)
      .join('&');
  });
  return pairs;
}

/** Path parameter values: mostly the fixture's real id, sometimes hostile. */
export const hostilePathValue = fc.constantFrom('0', '-1', 'abc', '1.5', '1e3', '99999999999999999999', '2147483648', '__proto__', 'constructor', '%00', '%ED%A0%80', '%20', 'null', '0x10');

export interface CleanAnswer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/** Never a 5xx, never a stack trace, every failure in the one envelope (§8). */
export function expectCleanAnswer(res: CleanAnswer, what: string): void {
  expect(res.statusCode, `${what} → ${res.body.slice(0, 500)}`).toBeLessThan(500);
  expect(res.body, what).not.toMatch(/\n\s+at |node_modules|RangeError|TypeError|SyntaxError: /);
  if (res.statusCode >= 400) {
    const parsed = JSON.parse(res.body) as { success?: unknown; message?: unknown; errors?: unknown };
    expect(parsed.success, what).toBe(false);
    expect(typeof parsed.message === 'string' && parsed.message.length > 0, what).toBe(true);
    if (parsed.errors !== undefined) expect(typeof parsed.errors, what).toBe('object');
  }
}

/** fc.assert with the fixed seed; a failure names the seed to replay it (FUZZ_SEED=…). */
export async function assertWithSeed<T>(name: string, arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<void>, numRuns = FUZZ_RUNS): Promise<void> {
  try {
    await fc.assert(fc.asyncProperty(arbitrary, check), { seed: FUZZ_SEED, numRuns, endOnFailure: true });
  } catch (error) {
    const message = `${name}: fuzz failure with seed ${FUZZ_SEED} (replay: FUZZ_SEED=${FUZZ_SEED} npx vitest run …)\n${(error as Error).message}`;
    console.error(message);
    throw new Error(message, { cause: error });
  }
}
