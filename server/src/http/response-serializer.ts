import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/**
 * How many answers of a route zod checks with its interpreted parser before the compiled one.
 * The first parse with an object schema compiles a parser for it (code built with new Function,
 * which V8's code cache of the bundle does not keep): for the bootstrap answer that was ~60 ms
 * of the first authenticated answer after every start (issue 22). A route answered a few
 * times never pays for it; a busy one does once, then runs the faster compiled parser.
 */
const INTERPRETED_ANSWERS = 8;

/**
 * fastify-type-provider-zod's serializer (the answer encoded by its zod schema, then
 * JSON.stringify), whose first answers per route use zod's interpreted parser: the same
 * result and the same errors, without compiling a parser for a route that is seldom asked.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const compiled = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  const { schema, method, url } = route;
  if (!(schema instanceof $ZodType)) return compiled;
  let interpreted = INTERPRETED_ANSWERS;
  return (data) => {
    if (interpreted === 0) return compiled(data);
    interpreted -= 1;
    const result = safeEncode(schema, data, { jitless: true });
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
