import fc from 'fast-check';

/**
 * Valid-shaped values for a request schema of common/ (zod 4): the right fields with values
 * of the right type, mostly within their limits. The fuzz tests start from these and mutate
 * them, so that mutations land in every field and deep in the handlers, not only at the
 * first type check. Shapes zod-fast-check would cover, for zod 4 (which it does not read).
 */
type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

interface Limits {
  min?: number;
  max?: number;
  format?: string;
}

function limitsOf(def: Def): Limits {
  const limits: Limits = { format: def.format as string | undefined };
  for (const check of (def.checks as unknown[] | undefined) ?? []) {
    const c = defOf(check) as Def & { check?: string; minimum?: number; maximum?: number; value?: number; format?: string };
    if (c.check === 'min_length') limits.min = c.minimum;
    else if (c.check === 'max_length') limits.max = c.maximum;
    else if (c.check === 'length_equals') limits.min = limits.max = c.value as number;
    else if (c.check === 'greater_than') limits.min = c.value;
    else if (c.check === 'less_than') limits.max = c.value;
    else if (c.check === 'string_format') limits.format = c.format;
  }
  return limits;
}

const word = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcçdefgğhıijklmnoöprsştuüvyz0123456789._-'), minLength: min, maxLength: Math.max(min, max) });

function stringArbitrary(limits: Limits): fc.Arbitrary<string> {
  switch (limits.format) {
    case 'email':
      return fc.emailAddress().filter((e) => e.length <= (limits.max ?? 254));
    case 'datetime':
      return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'url':
      return fc.webUrl();
    case 'uuid':
      return fc.uuid();
    default:
      return word(limits.min ?? 0, Math.min(limits.max ?? 24, 24));
  }
}

export function arbitraryFor(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 8) return fc.constant(null);
  const next = (s: unknown) => arbitraryFor(s, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArbitrary(limitsOf(def));
    case 'number': {
      const { min = -1_000, max = 1_000_000 } = limitsOf(def);
      const n = fc.integer({ min: Math.ceil(Math.max(min, -1e9)), max: Math.floor(Math.min(max, 1e9)) });
      // A coerced number arrives as text (path and query values, or forms).
      return def.coerce ? fc.oneof(n, n.map(String)) : n;
    }
    case 'bigint':
      return fc.integer().map(String);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(next(def.innerType), { nil: undefined });
    case 'nullable':
      return fc.option(next(def.innerType), { nil: null });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return next(def.innerType);
    case 'pipe':
      return next(def.in);
    case 'lazy':
      return next((def.getter as () => unknown)());
    case 'array': {
      const { min = 0, max = 4 } = limitsOf(def);
      return fc.array(next(def.element), { minLength: min, maxLength: Math.max(min, Math.min(max, 4)) });
    }
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(next));
    case 'intersection':
      return fc.tuple(next(def.left), next(def.right)).map(([a, b]) => ({ ...(a as object), ...(b as object) }));
    case 'record':
      return fc.dictionary(word(1, 8), next(def.valueType), { maxKeys: 3 });
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(shape).map(([key, s]) => [key, next(s)]));
      return fc.record(fields).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
    }
    default:
      return fc.constant(null);
  }
}

/** The field names an object schema (or any object of a union) declares. */
export function fieldNamesOf(schema: unknown): string[] {
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape as object);
  if (def.type === 'union') return [...new Set((def.options as unknown[]).flatMap(fieldNamesOf))];
  if (['optional', 'default', 'nullable', 'pipe', 'prefault', 'readonly'].includes(def.type)) {
    return fieldNamesOf((def.innerType ?? def.in) as unknown);
  }
  return [];
}

