// A second ceiling: an empty Fastify route answering fixed bytes, in its own process. The gap
// between it and bare-server.ts is what the framework alone costs; the gap between it and
// Backbeat is ours (sign-in, hooks, the answer itself).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type FastifyFactory from 'fastify';

const [, , port, payloadFile] = process.argv;
// The server's own copy of Fastify (the bench has no dependency of its own on it).
const serverRequire = createRequire(new URL('../../server/package.json', import.meta.url));
const fastify = serverRequire('fastify') as typeof FastifyFactory;
const routes = JSON.parse(readFileSync(payloadFile!, 'utf8')) as Record<
  string,
  { contentType: string; body: string }
>;

const app = fastify();
for (const [path, route] of Object.entries(routes)) {
  const bytes = Buffer.from(route.body);
  app.get(path, (_request, reply) => {
    void reply.type(route.contentType).send(bytes);
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
