import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER, type BootstrapData } from '@backbeat/common';
import { SESSION_COOKIE } from '../../src/http/session.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface BrowserRequest {
  method?: InjectOptions['method'];
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** Send the X-XSRF-TOKEN header on a state-changing request (default true). */
  xsrf?: boolean;
}

/**
 * A browser as the web client behaves: it keeps the cookies the server sets between calls
 * and echoes the XSRF cookie in the X-XSRF-TOKEN header on state-changing requests.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(readonly app: FastifyInstance) {}

  get sessionCookie(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  get xsrfToken(): string | undefined {
    return this.cookies.get(XSRF_COOKIE);
  }

  /** Loads the SPA page, as a first visit does, to receive the session and XSRF cookies. */
  async open(path = '/'): Promise<LightMyRequestResponse> {
    const response = await this.request({ url: path });
    if (!this.sessionCookie || !this.xsrfToken) {
      throw new Error(`GET ${path} did not set the session and XSRF cookies`);
    }
    return response;
  }

  async request(options: BrowserRequest): Promise<LightMyRequestResponse> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const token = this.xsrfToken;
    if (!SAFE_METHODS.has(method.toUpperCase()) && options.xsrf !== false && token) {
      headers[XSRF_HEADER.toLowerCase()] ??= token;
    }
    const response = await this.app.inject({
      method,
      url: options.url,
      headers,
      cookies: Object.fromEntries(this.cookies),
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
    this.storeCookies(response);
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ url, headers });
  }

  post(url: string, payload?: InjectOptions['payload'], headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload: payload ?? {}, headers });
  }

  /** Logs in through the real endpoint; fails loudly so a test never runs as the wrong user. */
  async login(email: string, password: string): Promise<BootstrapData> {
    const response = await this.post('/auth/login', { email, password });
    if (response.statusCode !== 200) {
      throw new Error(`Login as ${email} failed with ${response.statusCode}: ${response.body}`);
    }
    return (response.json() as { bootstrapData: BootstrapData }).bootstrapData;
  }

  private storeCookies(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      const expired = cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0);
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

/** A browser that has already loaded the home page (so it holds session and XSRF cookies). */
export async function openBrowser(app: FastifyInstance): Promise<Browser> {
  const browser = new Browser(app);
  await browser.open();
  return browser;
}
