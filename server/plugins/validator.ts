import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

export const NUL_CHARACTER_MESSAGE = 'Geçersiz karakter içeriyor';
export const TOO_DEEP_MESSAGE = 'İstek çok derin iç içe yapı içeriyor';

/** No request of this API nests deeper than a few levels; anything far deeper is hostile. */
export const MAX_INPUT_DEPTH = 32;

/** A NUL (PostgreSQL text cannot store one) or a UTF-16 surrogate without its pair (not valid Unicode). */
// eslint-disable-next-line no-control-regex
const BAD_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type InputProblem = { kind: 'character' | 'depth'; path: (string | number)[] };

/**
 * Finds the first string (value or key) with a bad character, or a nesting deeper than
 * MAX_INPUT_DEPTH. Iterative with an explicit stack, so no input can overflow the call
 * stack, and it stops at the depth limit, so a 20 KiB bracket bomb costs one short walk.
 */
export function findInputProblem(input: unknown): InputProblem | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (BAD_CHARACTER.test(value)) return { kind: 'character', path };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) return { kind: 'depth', path: path.slice(0, 1) };
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
    } else {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        if (BAD_CHARACTER.test(key)) return { kind: 'character', path: [...path, key] };
        stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return null;
}

/** zod validation for every route, refusing bad characters and hostile nesting first, in one place. */
export const inputValidatorCompiler: FastifySchemaCompiler<unknown> = (routeSchema) => {
  const validate = validatorCompiler(routeSchema as never) as (data: unknown) => unknown;
  return (data: unknown) => {
    const problem = findInputProblem(data);
    if (problem) {
      const instancePath = `/${problem.path.join('/')}`;
      const message = problem.kind === 'depth' ? TOO_DEEP_MESSAGE : NUL_CHARACTER_MESSAGE;
      return { error: [{ keyword: problem.kind, instancePath, schemaPath: '#', params: {}, message }] as never };
    }
    return validate(data) as never;
  };
};
