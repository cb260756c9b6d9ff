import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  OVERRIDABLE_METHODS,
  WORKSPACE_COOKIE,
  XSRF_HEADER,
  hasPermission,
  workspaceIdSchema,
  type Permission,
  type RouteAccess,
  type User,
  type WorkspaceRole,
} from '@backbeat/common';
import type { Config } from '../config.ts';
import { HttpError, forbidden, notFound, unauthenticated, validationFailed } from './http-error.ts';
import { RequestSession, SESSION_COOKIE, type SessionStore } from './session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession;
    user: User | null;
    workspaceId: number;
    /** The user's role in `workspaceId`, checked before the handler; null for guests. */
    workspaceRole: WorkspaceRole | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; every API route must say (see assertAccessDeclared). */
    access?: RouteAccess;
    /** Set false for routes that need no session at all (static files, health). */
    session?: boolean;
    /** Set false for state-changing routes that are not called by the SPA (webhooks). */
    xsrf?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes under these roots are API calls and must declare who may call them. */
export const API_ROOTS = ['/api/', '/auth/', '/secure/'];

export function isApiUrl(url: string): boolean {
  return API_ROOTS.some((root) => url.startsWith(root));
}

/**
 * Spec §7: PUT, PATCH and DELETE arrive as POST carrying X-HTTP-Method-Override or _method.
 * Runs before routing (Fastify's rewriteUrl), and only ever turns a POST into one of those.
 */
export function applyMethodOverride(req: {
  method?: string;
  url?: string;
  headers: Record<string, unknown>;
}) {
  if (req.method !== 'POST') return;
  const header = req.headers['x-http-method-override'];
  const param = /[?&]_method=([^&#]*)/.exec(req.url ?? '')?.[1];
  const wanted = String(typeof header === 'string' ? header : (param ?? '')).toUpperCase();
  if ((OVERRIDABLE_METHODS as readonly string[]).includes(wanted)) req.method = wanted;
}

/**
 * Requests whose workspace id came from the query (an explicit ask) rather than the cookie;
 * noted before validation, since a route's query schema drops parameters it does not name.
 */
const explicitWorkspace = new WeakSet<FastifyRequest>();

function parseWorkspaceId(request: FastifyRequest): number {
  const query = request.query as Record<string, unknown> | undefined;
  if (query?.workspaceId !== undefined) explicitWorkspace.add(request);
  const raw = query?.workspaceId ?? request.cookies[WORKSPACE_COOKIE] ?? 0;
  const parsed = workspaceIdSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) {
    throw validationFailed({
      workspaceId: [parsed.error.issues[0]?.message ?? 'Invalid workspace id.'],
    });
  }
  return parsed.data;
}

/** What the request context needs of the modules, handed in by app.ts (http imports none). */
export interface RequestContextServices {
  config: Pick<Config, 'appKey' | 'sessionLifetimeMinutes' | 'rememberLifetimeDays' | 'appUrl'>;
  sessions: SessionStore;
  accessTokens: { authenticate(bearer: string): Promise<number | null> };
  users: { findForRequest(userId: number): Promise<User | null> };
  guestRole(): Promise<{ permissions: Permission[] } | null>;
  workspaces: {
    roleOf(workspaceId: number, userId: number): Promise<WorkspaceRole | null | undefined>;
  };
}

export function registerRequestContext(
  app: FastifyInstance,
  services: RequestContextServices,
): void {
  const sessionOptions = {
    appKey: services.config.appKey,
    lifetimeMinutes: services.config.sessionLifetimeMinutes,
    rememberDays: services.config.rememberLifetimeDays,
    secureCookies: services.config.appUrl?.startsWith('https://') ?? false,
  };

  app.decorateRequest('session', null as unknown as RequestSession);
  app.decorateRequest('user', null);
  app.decorateRequest('workspaceId', 0);
  app.decorateRequest('workspaceRole', null);

  app.addHook('onRoute', (route) => {
    if (isApiUrl(route.url) && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare who may call it`);
    }
  });

  // Routes without a session (Subsonic, files, health) pass straight through, without a
  // promise per request; the others load the session and user first.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config.session === false || /^\/(assets|storage)\//.test(request.url))
      return done();
    attachViewer(request).then(() => done(), done);
  });

  async function attachViewer(request: FastifyRequest): Promise<void> {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) {
      // An API token acts as its user, with the permissions the user has right now.
      const userId = await services.accessTokens.authenticate(bearer);
      if (!userId) throw new HttpError(401, 'This API token is not valid.');
      request.session = RequestSession.detachedFor(services.sessions, sessionOptions);
      request.user = await services.users.findForRequest(userId);
      request.workspaceId = parseWorkspaceId(request);
      return;
    }
    request.session = await RequestSession.load(
      request.cookies[SESSION_COOKIE],
      services.sessions,
      sessionOptions,
    );
    const userId = request.session.userId;
    request.user = userId ? await services.users.findForRequest(userId) : null;

    if (STATE_CHANGING.has(request.method) && request.routeOptions.config.xsrf !== false) {
      const header = request.headers[XSRF_HEADER.toLowerCase()];
      if (!request.session.matchesXsrf(typeof header === 'string' ? header : undefined)) {
        throw new HttpError(419, 'Your session has expired. Please reload the page and try again.');
      }
    }
    request.workspaceId = parseWorkspaceId(request);
  }

  // Access is checked before the route's schemas validate the input: one who may not call a
  // route learns nothing from its validation errors (and reaches none of its refinements).
  app.addHook('preValidation', (request, _reply, done) => {
    // Public routes in the personal workspace (most reads) settle without waiting.
    if (isPublicAccess(request) && request.workspaceId === 0) {
      request.workspaceRole = request.user ? 'owner' : null;
      return done();
    }
    checkAccess(request)
      .then(() => checkWorkspace(request))
      .then(() => done(), done);
  });

  function isPublicAccess(request: FastifyRequest): boolean {
    const access = request.routeOptions.config.access;
    return !access || access === 'public';
  }

  async function checkAccess(request: FastifyRequest): Promise<void> {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (request.user?.banned_at) throw forbidden('Your account is suspended.');
    if (access === 'auth') {
      if (!request.user) throw unauthenticated();
      return;
    }
    const guestPermissions = request.user ? [] : ((await services.guestRole())?.permissions ?? []);
    if (hasPermission({ user: request.user, guestPermissions }, access)) return;
    throw request.user ? forbidden() : unauthenticated();
  }

  /**
   * A workspace is usable only by its members; 0, the personal workspace, by everyone. Asking
   * for another one by the query answers 404 (existence stays hidden); a stale cookie (the
   * user left, or logged out) quietly falls back to the personal workspace.
   */
  async function checkWorkspace(request: FastifyRequest): Promise<void> {
    if (request.workspaceId === 0) {
      request.workspaceRole = request.user ? 'owner' : null;
      return;
    }
    const role = request.user
      ? await services.workspaces.roleOf(request.workspaceId, request.user.id)
      : null;
    if (role) {
      request.workspaceRole = role;
      return;
    }
    if (explicitWorkspace.has(request) && isApiUrl(request.url))
      throw notFound('This workspace does not exist.');
    request.workspaceId = 0;
    request.workspaceRole = request.user ? 'owner' : null;
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    request.session?.writeCookies(request, reply);
    done(null, payload);
  });
}
