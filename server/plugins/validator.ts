import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

export const NUL_CHARACTER_MESSAGE = 'Geçersiz karakter içeriyor';

/** Path of the first string holding a NUL character: PostgreSQL text cannot store one. */
function findNul(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, i]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const found = findNul(v, [...path, key]) ?? (key.includes('\u0000') ? [...path, key] : null);
      if (found) return found;
    }
  }
  return null;
}

/** zod validation for every route, refusing NUL characters anywhere in the input first. */
export const inputValidatorCompiler: FastifySchemaCompiler<unknown> = (routeSchema) => {
  const validate = validatorCompiler(routeSchema as never) as (data: unknown) => unknown;
  return (data: unknown) => {
    const nulPath = findNul(data);
    if (nulPath) {
      const instancePath = `/${nulPath.join('/')}`;
      return { error: [{ keyword: 'nul', instancePath, schemaPath: '#', params: {}, message: NUL_CHARACTER_MESSAGE }] as never };
    }
    return validate(data) as never;
  };
};
