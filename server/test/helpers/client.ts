import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER, type BootstrapData } from '@backbeat/common';
import { SESSION_COOKIE } from '../../src/http/session.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface BrowserOptions {
  /** The address the requests come from (default 127.0.0.1, as inject sends). */
  ip?: string;
  /** The User-Agent sent with every request. */
  userAgent?: string;
}

let ipSequence = 0;

/**
 * A private address no other browser of this test file uses, so per-IP rate limits of one
 * test never spill into the next (private, so no geo lookup is started for it).
 */
export function uniqueIp(): string {
  ipSequence += 1;
  return `10.${(ipSequence >> 16) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;
}

/** A multipart body as a browser would send a FormData (boundary chosen by the platform). */
export async function multipartBody(
  form: FormData,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const encoded = new Response(form);
  const payload = Buffer.from(await encoded.arrayBuffer());
  return { payload, headers: { 'content-type': encoded.headers.get('content-type') ?? '' } };
}

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

  constructor(
    readonly app: FastifyInstance,
    readonly options: BrowserOptions = {},
  ) {}

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
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(this.options.userAgent ? { 'user-agent': this.options.userAgent } : {}),
      ...options.headers,
    };
    const token = this.xsrfToken;
    if (!SAFE_METHODS.has(method.toUpperCase()) && options.xsrf !== false && token) {
      headers[XSRF_HEADER.toLowerCase()] ??= token;
    }
    const response = await this.app.inject({
      method,
      url: options.url,
      headers,
      cookies: Object.fromEntries(this.cookies),
      ...(this.options.ip ? { remoteAddress: this.options.ip } : {}),
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

  /**
   * PUT, PATCH and DELETE as the web client sends them (spec §7): a POST carrying
   * X-HTTP-Method-Override and a _method query parameter.
   */
  overridden(
    method: 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: InjectOptions['payload'],
    headers?: Record<string, string>,
  ) {
    const separator = url.includes('?') ? '&' : '?';
    return this.request({
      method: 'POST',
      url: `${url}${separator}_method=${method}`,
      payload: payload ?? {},
      headers: { 'x-http-method-override': method, ...headers },
    });
  }

  put(url: string, payload?: InjectOptions['payload'], headers?: Record<string, string>) {
    return this.overridden('PUT', url, payload, headers);
  }

  delete(url: string, payload?: InjectOptions['payload'], headers?: Record<string, string>) {
    return this.overridden('DELETE', url, payload, headers);
  }

  /** A multipart POST, as the client uploads files. */
  async upload(url: string, form: FormData) {
    const { payload, headers } = await multipartBody(form);
    return this.request({ method: 'POST', url, payload, headers });
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
export async function openBrowser(
  app: FastifyInstance,
  options: BrowserOptions = {},
): Promise<Browser> {
  const browser = new Browser(app, options);
  await browser.open();
  return browser;
}

/**
 * A program calling the API with a personal access token: `Authorization: Bearer`, no
 * cookies and no XSRF header.
 */
export class TokenClient {
  constructor(
    readonly app: FastifyInstance,
    readonly token: string,
  ) {}

  request(options: {
    method?: InjectOptions['method'];
    url: string;
    payload?: InjectOptions['payload'];
  }) {
    return this.app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      headers: { accept: 'application/json', authorization: `Bearer ${this.token}` },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
  }

  get(url: string) {
    return this.request({ url });
  }

  post(url: string, payload: InjectOptions['payload'] = {}) {
    return this.request({ method: 'POST', url, payload });
  }
}
