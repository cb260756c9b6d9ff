import { request } from 'node:https';
import { XSRF_HEADER } from '@backbeat/common';

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

/**
 * A client of the proxied site as a browser would be one: it keeps its cookies, echoes the
 * XSRF token, trusts the site's self-signed certificate, and connects from an address of its
 * own (`localAddress`, any of 127.0.0.0/8) so nginx sees distinct clients.
 */
export class HttpsClient {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie line received, as sent (to check their attributes). */
  readonly setCookieLines: string[] = [];

  constructor(
    readonly base: string,
    readonly certificate: string,
    readonly localAddress = '127.0.0.1',
  ) {}

  send(
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<HttpsAnswer> {
    const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
      ...(this.cookies.has('XSRF-TOKEN') ? { [XSRF_HEADER]: this.cookies.get('XSRF-TOKEN')! } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    };
    return new Promise((resolve, reject) => {
      const outgoing = request(
        new URL(path, this.base),
        { method, headers, ca: this.certificate, localAddress: this.localAddress },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            for (const line of incoming.headers['set-cookie'] ?? []) this.keep(line);
            const answer = Buffer.concat(chunks);
            resolve({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: answer,
              json: <T>() => JSON.parse(answer.toString('utf8')) as T,
            });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Opens a page (for its cookies), then signs in through the form's own call. */
  async signIn(credentials: { email: string; password: string }): Promise<HttpsAnswer> {
    await this.send('GET', '/');
    return this.send('POST', '/auth/login', { json: { ...credentials, remember: true } });
  }

  private keep(line: string) {
    this.setCookieLines.push(line);
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
