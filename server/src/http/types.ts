import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A feature's routes: a Fastify plugin that sees the typed (zod) instance. */
export type RoutesPlugin = (app: FastifyInstance) => Promise<void>;

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
