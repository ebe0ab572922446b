import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@common/contract';
import { expectCleanAnswer, FUZZ_SEED } from './fuzz';
import { fuzzFixture } from './fuzz-fixture';
import { createTestApp, type TestApp } from './harness';
import { arbitraryFor } from './zod-arbitrary';

/**
 * Size before shape: every string field of every request body in the contract (common/) gets a
 * 1 MB string, one field at a time, through the real app. A pattern that runs before (or
 * despite) the length check, or that backtracks, shows as a slow answer: one request blocking
 * the event loop blocks every user. Each answer must be clean (no 5xx) and take under 200 ms.
 *
 * Measured as the process's CPU time for the request, not the wall clock: on a machine shared
 * with other work a request can wait for a core far longer than it computes, and that wait is
 * the neighbours', not ours. A pattern that backtracks spends its time computing, and shows.
 */
const LONG = Number(process.env.LONG_STRING_CHARS ?? 1_000_000);
const SLOW_MS = 200;
/** Plain letters, and the shapes that make common patterns backtrack (e-mail, decimals). */
const FILLERS: Record<string, string> = {
  letters: 'a'.repeat(LONG),
  'e-mail dots': `a@${'.'.repeat(LONG - 3)}@`,
  'digits and dots': '1.'.repeat(LONG / 2),
};

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
type Path = (string | number)[];

/** Where a schema takes a string: each path into the body (array items at index 0). */
function stringPaths(schema: unknown, path: Path = [], depth = 0): Path[] {
  if (depth > 10) return [];
  const def = defOf(schema);
  const inner = (s: unknown, p = path) => stringPaths(s, p, depth + 1);
  switch (def.type) {
    case 'string':
      return [path];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, s]) => inner(s, [...path, key]));
    case 'array':
      return inner(def.element, [...path, 0]);
    case 'record':
      return inner(def.valueType, [...path, 'k']);
    case 'union':
      return (def.options as unknown[]).flatMap((o) => inner(o));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'pipe':
      return inner(def.in);
    case 'lazy':
      return inner((def.getter as () => unknown)());
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType);
    default:
      return [];
  }
}

/** `base` with `value` at `path`, containers made where the base has none. */
function withValueAt(base: unknown, path: Path, value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...(base as unknown[])] : [];
    list[head] = withValueAt(list[head], rest, value);
    return list;
  }
  const object = base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  object[head!] = withValueAt(object[head!], rest, value);
  return object;
}

const withBody = endpoints.filter((e) => e.body !== undefined);
const cases = withBody.flatMap((e) => {
  const base = fc.sample(arbitraryFor(e.body), { seed: FUZZ_SEED, numRuns: 1 })[0];
  const unique = new Map(stringPaths(e.body).map((p) => [p.join('.'), p]));
  return [...unique.values()].map((path) => ({ endpoint: e, path, base }));
});

let t: TestApp;
let fixture: Awaited<ReturnType<typeof fuzzFixture>>;
beforeAll(async () => {
  t = await createTestApp();
  fixture = await fuzzFixture(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe(`a ${LONG.toLocaleString('en')}-character string in every string field of every body schema`, () => {
  it('covers every endpoint with a body that has a string field', () => {
    expect(withBody.length).toBeGreaterThan(30);
    const withStrings = new Set(cases.map((c) => `${c.endpoint.method} ${c.endpoint.path}`));
    const missing = withBody.filter((e) => stringPaths(e.body).length > 0 && !withStrings.has(`${e.method} ${e.path}`));
    expect(missing).toEqual([]);
    expect(cases.length).toBeGreaterThan(50);
  });

  it.each(cases.map((c) => [`${c.endpoint.method} ${c.endpoint.path} ${c.path.join('.')}`, c] as const))('%s: clean and under 200 ms', async (_name, c) => {
    const headers = await fixture.session();
    for (const [filler, value] of Object.entries(FILLERS)) {
      const payload = JSON.stringify(withValueAt(c.base, c.path, value));
      const send = () =>
        t.app.inject({ method: c.endpoint.method, url: fixture.plainPath(c.endpoint.path), headers: { 'content-type': 'application/json', ...headers }, payload });
      let took = Infinity;
      // A pattern that backtracks is slow on every try; the process's other work (a collection of
      // earlier garbage, the database thread) lands on one try only. Up to three tries, the least counts.
      for (let attempt = 0; attempt < 3 && took >= SLOW_MS; attempt++) {
        const started = process.cpuUsage();
        const res = await send();
        const used = process.cpuUsage(started);
        took = Math.min(took, (used.user + used.system) / 1000);
        expectCleanAnswer(res, `${c.endpoint.method} ${c.endpoint.path} ${c.path.join('.')} (${filler})`);
      }
      expect(took, `${c.endpoint.method} ${c.endpoint.path} ${c.path.join('.')} (${filler}) took ${Math.round(took)} ms of CPU`).toBeLessThan(SLOW_MS);
    }
  });
});
