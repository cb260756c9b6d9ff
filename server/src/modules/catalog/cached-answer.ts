import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/domain-errors.ts';
import { sendCachedJson } from '../../lib/response-cache.ts';
import type { Viewer } from './service.ts';

export const viewerOf = (request: FastifyRequest): Viewer => ({ userId: request.user?.id ?? null });

/**
 * Answers a catalog read. Listeners who see the public catalog (most of them) share one
 * serialised answer per key for a few seconds; owners of private music get their own.
 */
export async function cachedAnswer<Answer extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  load: (viewer: Viewer) => Promise<Answer | null>,
): Promise<Answer | FastifyReply> {
  const { catalog, catalogResponses } = request.server.services;
  const viewer = viewerOf(request);
  if (!(await catalog.seesPublicCatalog(viewer))) {
    const own = await load(viewer);
    if (!own) throw notFound();
    return own;
  }
  const answer = await catalogResponses.get(key, () => load({ userId: null }));
  if (answer === null) throw notFound();
  return sendCachedJson(request, reply, answer);
}
