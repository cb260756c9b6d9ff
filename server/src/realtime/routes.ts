import fastifyWebsocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { RealtimeEvent } from '@backbeat/common';
import { realtime as realtimeEndpoint } from '@backbeat/common/contracts';
import { forbidden } from '../http/http-error.ts';
import type { RoutesPlugin } from '../http/types.ts';

const HEARTBEAT_MS = 30_000;
/** Close codes in the private range: the client stops reconnecting on 4401. */
const SESSION_ENDED = 4401;

/**
 * A browser always sends Origin with a WebSocket handshake; one from another site is refused
 * so a page elsewhere cannot open a socket with this user's cookie (cross-site hijacking).
 */
function assertSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (!origin) return;
  const { appUrl } = request.server.services.config;
  const allowed = new Set([`${request.protocol}://${request.host}`]);
  if (appUrl) allowed.add(new URL(appUrl).origin);
  let given: string;
  try {
    given = new URL(origin).origin;
  } catch {
    throw forbidden('This origin may not open a realtime connection.');
  }
  if (!allowed.has(given)) throw forbidden('This origin may not open a realtime connection.');
}

/** `GET /api/v1/realtime`: the signed-in user's live events (new notifications…). */
export const realtimeRoutes: RoutesPlugin = async (app) => {
  const { realtime, sessions } = app.services;
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });

  // A websocket handler takes the socket, so this one route is registered by hand, still from
  // its contract (the route table test checks that).
  app.get(
    realtimeEndpoint.path,
    {
      websocket: true,
      config: { access: realtimeEndpoint.access, contract: realtimeEndpoint },
      preHandler: async (request) => assertSameOrigin(request),
    },
    (socket, request) => {
      const userId = request.user!.id;
      const sessionId = request.session.row ? request.session.id : null;
      const send = (event: RealtimeEvent) => socket.send(JSON.stringify(event));
      let detach: (() => Promise<void>) | null = null;
      let closed = false;
      let alive = true;

      // The session is checked again on every beat: a socket does not outlive its logout.
      const heartbeat = setInterval(() => {
        void (async () => {
          const live = sessionId === null || (await sessions.findLive(sessionId));
          if (!live) return socket.close(SESSION_ENDED, 'Session ended');
          if (!alive) return socket.terminate();
          alive = false;
          socket.ping();
        })().catch((error: unknown) => request.log.error({ err: error }, 'realtime heartbeat'));
      }, HEARTBEAT_MS);
      heartbeat.unref();

      socket.on('pong', () => (alive = true));
      // The client sends nothing the server needs; anything it sends is ignored.
      socket.on('message', () => {});
      socket.on('close', () => {
        closed = true;
        clearInterval(heartbeat);
        void detach?.();
      });

      realtime
        .attach(userId, (message) => socket.send(message))
        .then((stop) => {
          if (closed) return void stop();
          detach = stop;
          send({ type: 'ready' });
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'realtime subscription failed');
          socket.close(1011, 'Realtime is unavailable');
        });
    },
  );
};
