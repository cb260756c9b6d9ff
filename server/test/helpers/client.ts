import type { OutgoingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER, type BootstrapData } from '@backbeat/common';
import { SESSION_COOKIE } from '../../src/http/session.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface BrowserOptions {
  /** The address the requests come from (default 127.0.0.1, as inject sends). */
  ip?: string;
  /** The User-Agent sent with every request. */
  userAgent?: string;
  /**
   * Sends the requests over a real socket to this address (the built server, issue 37.3)
   * instead of injecting them into the app. The server then sees the socket's address, so
   * `ip` has no effect.
   */
  url?: string;
}

/** The built server standing in for a test app (createTestApp's `builtServer`), by app. */
const builtServers = new WeakMap<FastifyInstance, string>();

/**
 * Makes every browser of `app` talk to the built server at `url` unless given another, so
 * helpers that take the app (signedInUser, workspaceWith…) reach the server under test.
 */
export function sendBrowsersTo(app: FastifyInstance, url: string): void {
  builtServers.set(app, url);
}

/** What a test reads of an answer, injected or received over a socket alike. */
export type BrowserResponse = Pick<
  LightMyRequestResponse,
  'statusCode' | 'headers' | 'body' | 'payload' | 'rawPayload' | 'json' | 'cookies'
>;
type Cookie = BrowserResponse['cookies'][number];

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

  readonly options: BrowserOptions;

  constructor(
    readonly app: FastifyInstance,
    options: BrowserOptions = {},
  ) {
    const url = builtServers.get(app);
    this.options = url ? { url, ...options } : options;
  }

  get sessionCookie(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  get xsrfToken(): string | undefined {
    return this.cookies.get(XSRF_COOKIE);
  }

  /** Loads the SPA page, as a first visit does, to receive the session and XSRF cookies. */
  async open(path = '/'): Promise<BrowserResponse> {
    const response = await this.request({ url: path });
    if (!this.sessionCookie || !this.xsrfToken) {
      throw new Error(`GET ${path} did not set the session and XSRF cookies`);
    }
    return response;
  }

  async request(options: BrowserRequest): Promise<BrowserResponse> {
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
    const response = this.options.url
      ? await this.overSocket(this.options.url, method, options.url, headers, options.payload)
      : await this.app.inject({
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

  /** The request as a browser sends it over HTTP: the cookies in a Cookie header, no redirects. */
  private async overSocket(
    base: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    payload: InjectOptions['payload'],
  ): Promise<BrowserResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
    if (cookie.length) headers.cookie = cookie.join('; ');
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: socketBody(payload, headers),
      redirect: 'manual',
    });
    const rawPayload = Buffer.from(await response.arrayBuffer());
    const text = rawPayload.toString('utf8');
    const answerHeaders: OutgoingHttpHeaders = {};
    response.headers.forEach((value, name) => {
      answerHeaders[name] = value;
    });
    const setCookies = response.headers.getSetCookie();
    if (setCookies.length) answerHeaders['set-cookie'] = setCookies;
    return {
      statusCode: response.status,
      headers: answerHeaders,
      body: text,
      payload: text,
      rawPayload,
      json: () => JSON.parse(text),
      cookies: setCookies.map(parseSetCookie),
    };
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

  private storeCookies(response: BrowserResponse): void {
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === '' ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

/** A body as inject would send it: an object as JSON, bytes and text as they are. */
function socketBody(payload: InjectOptions['payload'], headers: Record<string, string>) {
  if (payload === undefined) return undefined;
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return new Uint8Array(payload);
  if (payload instanceof Readable) throw new Error('A stream body is not sent over a socket here.');
  headers['content-type'] ??= 'application/json';
  return JSON.stringify(payload);
}

/** One Set-Cookie line as light-my-request reads it (value decoded). */
function parseSetCookie(line: string): Cookie {
  const [pair = '', ...attributes] = line.split(';');
  const at = pair.indexOf('=');
  const cookie: Cookie = {
    name: pair.slice(0, at).trim(),
    value: decodeURIComponent(pair.slice(at + 1).trim()),
  };
  for (const attribute of attributes) {
    const [name = '', value = ''] = attribute.split('=').map((part) => part.trim());
    if (name.toLowerCase() === 'max-age') cookie.maxAge = Number(value);
    if (name.toLowerCase() === 'expires') cookie.expires = new Date(value);
  }
  return cookie;
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
