import type { FastifyInstance } from 'fastify';
import { SubsonicAPI } from 'subsonic-api';

/**
 * The `subsonic-api` client (as phone and desktop apps use it) talking to the app in process,
 * from the address given: per-address throttles can be tested without a proxy, and a redirect
 * is seen as the client receives it (never followed to a host outside the test).
 */
export function subsonicClientFrom(
  app: FastifyInstance,
  ip: string,
  auth: { username: string; password: string } | { apiKey: string },
  /** Sees every answer as the client received it (to validate its JSON, say). */
  onAnswer?: (method: string, body: string) => void,
): SubsonicAPI {
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      remoteAddress: ip,
    });
    onAnswer?.(url.pathname.replace(/^\/rest\//, '').replace(/\.view$/, ''), answer.body);
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined) headers.append(name, String(item));
      }
    }
    return new Response(answer.rawPayload.length ? answer.rawPayload : null, {
      status: answer.statusCode,
      headers,
    });
  };
  return new SubsonicAPI({
    url: 'http://backbeat.test',
    auth,
    fetch: fetch as typeof globalThis.fetch,
  });
}

/** The failure a client was answered with, if any (`subsonic-api` types only successes). */
export const failureOf = (answer: unknown) =>
  (answer as { status: string; error?: { code: number; message: string } }).error;
