import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

const NUL = '\u0000';

/** A query value as a route's schema would see it, refused when it carries a NUL. */
const nulFree = z
  .string()
  .refine((value) => !value.includes(NUL), 'This value may not contain a NUL character.');
const nulFreeValue = z.union([nulFree, z.array(nulFree)]);

const carriesNul = (value: unknown) =>
  [value].flat().some((part) => typeof part === 'string' && part.includes(NUL));

/**
 * Query values with a NUL character (`?query=%00`) are refused as invalid, 422 for their
 * field, before any route's schema or SQL sees them: PostgreSQL stores no NUL in text and
 * answers such a parameter with an error (a 500), where SQLite would take it.
 */
export function refusingNulInQuery<S>(compile: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compile(route);
    if (route.httpPart !== 'querystring') return validate;
    return (data) => {
      const fields = Object.entries((data ?? {}) as Record<string, unknown>).filter(([, value]) =>
        carriesNul(value),
      );
      if (!fields.length) return validate(data);
      const refusal = z.object(Object.fromEntries(fields.map(([name]) => [name, nulFreeValue])));
      return compile({ ...route, schema: refusal as S })(data);
    };
  };
}
