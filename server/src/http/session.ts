import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { XSRF_COOKIE } from '@backbeat/common';
import type { SessionsTable } from '../db/schema.ts';

export const SESSION_COOKIE = 'backbeat_session';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Sliding expiry is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

type SessionRow = SessionsTable;

/** What a request's session needs of the store (modules/sessions/repository.ts provides it). */
export interface SessionStore {
  findLive(id: string): Promise<SessionRow | undefined>;
  insert(row: SessionRow): Promise<void>;
  touch(id: string, lastActivity: string, expiresAt: string): Promise<void>;
  updatePayload(id: string, payload: string): Promise<void>;
  delete(id: string): Promise<void>;
}

export interface SessionOptions {
  appKey: string;
  lifetimeMinutes: number;
  rememberDays: number;
  secureCookies: boolean;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/**
 * A token's stored id and XSRF value, derived once: both are hashes of the token, and
 * computing them on every request was a tenth of a signed-in request's CPU.
 */
const derivedByToken = new Map<string, { appKey: string; id: string; xsrf: string }>();
const DERIVED_CACHE_SIZE = 10_000;
function derived(token: string, appKey: string) {
  const hit = derivedByToken.get(token);
  if (hit?.appKey === appKey) return hit;
  const value = {
    appKey,
    id: hashToken(token),
    xsrf: createHmac('sha256', appKey).update(token).digest('base64url'),
  };
  if (derivedByToken.size >= DERIVED_CACHE_SIZE) {
    derivedByToken.delete(derivedByToken.keys().next().value as string);
  }
  derivedByToken.set(token, value);
  return value;
}

/**
 * The browser's session. A visitor gets a random token at once but a database row only when
 * something is stored (a login), so anonymous page views never write. The XSRF token is an
 * HMAC of the session token: bound to the session without being stored.
 */
export class RequestSession {
  private cookieDirty: boolean;
  /** A session that is never written back, for requests authenticated by an API token. */
  private detached = false;

  private constructor(
    private token: string,
    public row: SessionRow | null,
    isNew: boolean,
    private readonly repo: SessionStore,
    private readonly options: SessionOptions,
  ) {
    this.cookieDirty = isNew;
  }

  static async load(
    cookieToken: string | undefined,
    repo: SessionStore,
    options: SessionOptions,
  ): Promise<RequestSession> {
    if (cookieToken && TOKEN_PATTERN.test(cookieToken)) {
      const row = (await repo.findLive(derived(cookieToken, options.appKey).id)) ?? null;
      const session = new RequestSession(cookieToken, row, false, repo, options);
      if (row) await session.touchIfStale();
      return session;
    }
    return new RequestSession(newToken(), null, true, repo, options);
  }

  static detachedFor(repo: SessionStore, options: SessionOptions): RequestSession {
    const session = new RequestSession(newToken(), null, false, repo, options);
    session.detached = true;
    return session;
  }

  get userId(): number | null {
    return this.row?.user_id ?? null;
  }

  get xsrfToken(): string {
    return derived(this.token, this.options.appKey).xsrf;
  }

  /** The hashed id under which the row is stored; used to mark "this device". */
  get id(): string {
    return derived(this.token, this.options.appKey).id;
  }

  matchesXsrf(candidate: string | undefined): boolean {
    if (!candidate) return false;
    const expected = Buffer.from(this.xsrfToken);
    const given = Buffer.from(candidate);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  payload<T = unknown>(key: string): T | undefined {
    if (!this.row) return undefined;
    return (JSON.parse(this.row.payload) as Record<string, T>)[key];
  }

  async put(key: string, value: unknown): Promise<void> {
    if (this.detached) return;
    if (!this.row) await this.persist(null, false);
    const row = this.row as SessionRow;
    const payload = { ...(JSON.parse(row.payload) as Record<string, unknown>), [key]: value };
    row.payload = JSON.stringify(payload);
    await this.repo.updatePayload(row.id, row.payload);
  }

  /** Starts a fresh session for the user: a new id on every login (session fixation). */
  async regenerate(userId: number, remember: boolean, meta: { ip: string; userAgent?: string }) {
    if (this.row) await this.repo.delete(this.row.id);
    this.token = newToken();
    this.row = null;
    await this.persist(userId, remember, meta);
    return this.id;
  }

  /** Ends the session and leaves the browser with a new anonymous one. */
  async destroy(): Promise<void> {
    if (this.row) await this.repo.delete(this.row.id);
    this.token = newToken();
    this.row = null;
    this.cookieDirty = true;
  }

  writeCookies(request: FastifyRequest, reply: FastifyReply): void {
    if (this.detached) return;
    const maxAge = this.row?.remember ? this.options.rememberDays * 86400 : undefined;
    const base = {
      path: '/',
      sameSite: 'lax' as const,
      secure: this.options.secureCookies,
      maxAge,
    };
    if (this.cookieDirty) {
      reply.setCookie(SESSION_COOKIE, this.token, { ...base, httpOnly: true });
    }
    if (this.cookieDirty || request.cookies[XSRF_COOKIE] !== this.xsrfToken) {
      reply.setCookie(XSRF_COOKIE, this.xsrfToken, { ...base, httpOnly: false });
    }
  }

  private expiryFrom(now: number, remember: boolean): string {
    const ms = remember
      ? this.options.rememberDays * 86_400_000
      : this.options.lifetimeMinutes * 60_000;
    return new Date(now + ms).toISOString();
  }

  private async persist(
    userId: number | null,
    remember: boolean,
    meta: { ip?: string; userAgent?: string } = {},
  ): Promise<void> {
    const now = Date.now();
    this.row = {
      id: this.id,
      user_id: userId,
      ip_address: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
      payload: '{}',
      remember: remember ? 1 : 0,
      last_activity: new Date(now).toISOString(),
      expires_at: this.expiryFrom(now, remember),
      created_at: new Date(now).toISOString(),
      city: null,
      country: null,
    };
    await this.repo.insert(this.row);
    this.cookieDirty = true;
  }

  private async touchIfStale(): Promise<void> {
    const row = this.row as SessionRow;
    const now = Date.now();
    if (now - Date.parse(row.last_activity) < TOUCH_EVERY_MS) return;
    row.last_activity = new Date(now).toISOString();
    row.expires_at = this.expiryFrom(now, row.remember === 1);
    await this.repo.touch(row.id, row.last_activity, row.expires_at);
  }
}
