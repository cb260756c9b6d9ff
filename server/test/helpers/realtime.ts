import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { RealtimeEvent } from '@backbeat/common';
import type { Browser } from './client.ts';

/** The app's address, listening on a random loopback port (sockets need a real server). */
export async function listeningUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface RealtimeClient {
  events: RealtimeEvent[];
  /** The first event, received or still to come, after `after` events, that matches. */
  next(
    match: (event: RealtimeEvent) => boolean,
    options?: { after?: number; timeoutMs?: number },
  ): Promise<RealtimeEvent>;
  close(): Promise<void>;
}

/**
 * Opens the realtime socket as the browser's tab would: its cookies, the site's Origin.
 * Resolves once the server says the subscription is live ("ready").
 */
export async function openRealtime(
  app: FastifyInstance,
  browser: Browser,
  options: { origin?: string } = {},
): Promise<RealtimeClient> {
  const base = browser.options.url ?? (await listeningUrl(app));
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/v1/realtime`, {
    headers: { cookie, origin: options.origin ?? base },
  });
  const events: RealtimeEvent[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data: Buffer) => {
    events.push(JSON.parse(data.toString()) as RealtimeEvent);
    for (const wake of waiters) wake();
  });

  const client: RealtimeClient = {
    events,
    next(match, { after = 0, timeoutMs = 5000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(after).find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`No matching realtime event in ${timeoutMs} ms: ${JSON.stringify(events)}`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };

  await new Promise<void>((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`Unexpected server response: ${response.statusCode}`)),
    );
    socket.once('error', reject);
    socket.once('open', () => resolve());
  });
  await client.next((event) => event.type === 'ready');
  return client;
}
