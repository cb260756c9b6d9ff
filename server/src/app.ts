import { registerMetrics } from './modules/operations/metrics.ts';
import { hasPermission } from '@backbeat/common';
import { parse as parseQueryString } from 'node:querystring';
import { resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type * as IORedis from 'ioredis';
import { lazyRequire } from './lib/lazy-require.ts';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { COMMA_LIST_PARAMS } from '@backbeat/common';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { registerBodyChecks } from './http/body-checks.ts';
import { refusingNulInQuery } from './http/query-checks.ts';
import { appPasswordRoutes } from './modules/subsonic/account-routes.ts';
import { sharesRoutes } from './modules/shares/routes.ts';
import { subsonicRoutes } from './modules/subsonic/routes.ts';
import { answerUnroutableRequest, registerErrorHandling } from './http/errors.ts';
import { nextRequestId, registerRequestLogging } from './http/request-logger.ts';
import { registerOpenApi } from './http/openapi.ts';
import { HttpError } from './http/http-error.ts';
import { applyMethodOverride, isApiUrl, registerRequestContext } from './http/request-context.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';
import { registerSelfHostedFonts } from './http/self-hosted-fonts.ts';
import { createFileLogs } from './logging/file-logs.ts';
import { directUploadOrigins } from './storage/s3.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { bootstrapFor } from './modules/bootstrap/present.ts';
import { bootstrapRoutes } from './modules/bootstrap/routes.ts';
import { adminAreaRoutes } from './composition/admin-routes.ts';
import { musicRoutes } from './composition/music-routes.ts';
import { backstageRoutes } from './modules/backstage/routes.ts';
import { fileEntriesRoutes } from './modules/file-entries/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { pageHeadFor } from './modules/seo/head.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { uploadsRoutes } from './modules/uploads/routes.ts';
import { logsRoutes } from './modules/logs/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { profilesRoutes } from './modules/profiles/routes.ts';
import { accessTokensRoutes } from './modules/access-tokens/routes.ts';
import { emailVerificationRoutes } from './modules/email-verification/routes.ts';
import { recaptchaRoutes } from './modules/recaptcha/routes.ts';
import { sessionsRoutes } from './modules/sessions/routes.ts';
import { socialAuthRoutes } from './modules/social-auth/routes.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { valueListsRoutes } from './modules/value-lists/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { workspacesRoutes } from './modules/workspaces/routes.ts';
import { insightsRoutes } from './modules/insights/routes.ts';
import { playsRoutes } from './modules/plays/routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { billingAdminRoutes } from './modules/billing/admin-routes.ts';
import { billingWebhookRoutes } from './modules/billing/webhook-routes.ts';
import { realtimeRoutes } from './realtime/routes.ts';
import { syncRequestCaches } from './composition/request-cache-sync.ts';
import { syncSiteSettings } from './composition/settings-sync.ts';
import { settingsAdminRoutes } from './modules/settings/admin-routes.ts';
import { transcodingAdminRoutes } from './modules/transcoding/admin-routes.ts';
import { internetRadioRoutes } from './modules/internet-radio/routes.ts';
import { appearanceAdminRoutes } from './modules/appearance/routes.ts';
import { localizationsAdminRoutes } from './modules/localizations/admin-routes.ts';
import { customPagesRoutes } from './modules/custom-pages/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { closeServices, createServices } from './services.ts';

const projectRoot = resolve(import.meta.dirname, '../..');

/** Spec §7: `with`, `load` and `loadCount` arrive joined with commas; split them once here. */
export function parseQuery(raw: string): Record<string, string | string[]> {
  const query = parseQueryString(raw) as Record<string, string | string[]>;
  for (const name of COMMA_LIST_PARAMS) {
    const value = query[name];
    if (value === undefined) continue;
    query[name] = (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter(Boolean);
  }
  return query;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `draining` is set when the process begins to stop (readiness then answers 503). */
    lifecycle: { draining: boolean };
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: boolean;
  /** Lets tests add hooks that must see every route (added before the first one). */
  instrument?: (app: FastifyInstance) => void | Promise<void>;
  /** Lets tests add routes or hooks before the app is sealed. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Replaced by the one-line-per-request hook below.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    genReqId: nextRequestId,
    // While stopping, requests already on an open connection are still answered (with
    // `Connection: close`) instead of a 503: a SIGTERM under load must not fail anyone.
    return503OnClosing: false,
    routerOptions: { querystringParser: parseQuery, ignoreTrailingSlash: true },
    // A path the router cannot read (badly encoded, or a segment past its length limit) is
    // answered in the one error shape, not Fastify's own.
    frameworkErrors: answerUnroutableRequest,
    rewriteUrl: (req) => {
      applyMethodOverride(req);
      return req.url ?? '/';
    },
  });
  app.setValidatorCompiler(refusingNulInQuery(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);

  const fileLogs = createFileLogs(config.storagePath);
  const services = createServices(config, database, fileLogs);
  app.decorate('services', services);
  app.decorate('lifecycle', { draining: false });
  // Without Redis the app still serves; other instances then forget within the caches' 2 s.
  const stopCacheSync = syncRequestCaches({
    sessions: services.sessions,
    users: services.users,
    credentials: services.subsonic.auth,
    hub: services.realtime,
  }).catch((error: unknown) => {
    app.log.warn({ err: error }, 'request caches are not shared between instances');
    return async () => {};
  });

  // Saved settings and translations apply on every instance at once (Redis when configured).
  const stopSettingsSync = syncSiteSettings({
    settings: services.settings,
    localizations: services.localizationsAdmin,
    bootstrap: services.bootstrap,
    hub: services.realtime,
  }).catch((error: unknown) => {
    app.log.warn({ err: error }, 'settings changes are not shared between instances');
    return async () => {};
  });

  await app.register(fastifyCookie);
  // Counters live in Redis when it is configured, so every instance sees the same attempts.
  const redis = config.redisUrl
    ? new (lazyRequire<typeof IORedis>('ioredis')().Redis)(config.redisUrl, {
        maxRetriesPerRequest: 2,
        connectTimeout: 2000,
      })
    : null;
  if (redis) {
    // Without a listener ioredis reports an unreachable Redis as an unhandled error, in a loop.
    redis.on('error', (error: Error) =>
      app.log.warn({ err: error }, 'Redis (rate limits) unavailable'),
    );
    app.addHook('onClose', async () => void (await redis.quit()));
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'backbeat:rate-limit:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });
  registerErrorHandling(app, { debug: config.debug, projectRoot, fileLogs });
  registerBodyChecks(app);
  registerMetrics(app, { token: config.metricsToken, jobs: services.jobs });
  registerRequestContext(app, services);
  // Without APP_URL, page and API reads (GET, never a POST) pin the site's address that links
  // in emails use until an admin's visit confirms it (issue 35); afterwards one boolean check.
  app.addHook('onRequest', (request, _reply, done) => {
    const { siteAddress } = services;
    if (
      !siteAddress.unsettled ||
      request.method !== 'GET' ||
      /^\/(health|rest)\b/.test(request.url)
    )
      return done();
    const byAdmin = hasPermission({ user: request.user, guestPermissions: [] }, 'admin');
    siteAddress
      .pinFrom({ protocol: request.protocol, host: request.host, byAdmin })
      .catch((error: unknown) =>
        request.log.error({ err: error }, 'could not store the site address'),
      )
      .then(() => done(), done);
  });
  registerSecurityHeaders(app, config.appUrl);

  if (options.logger !== false) registerRequestLogging(app, config.logLevel);

  await options.instrument?.(app);
  registerOpenApi(app, resolve(projectRoot, 'server/openapi.json'));
  await app.register(healthRoutes);
  await app.register(bootstrapRoutes);
  await app.register(authRoutes);
  await app.register(logsRoutes);
  await app.register(usersRoutes);
  await app.register(profilesRoutes);
  await app.register(musicRoutes);
  await app.register(adminAreaRoutes);
  await app.register(backstageRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(twoFactorRoutes);
  await app.register(accessTokensRoutes);
  await app.register(sessionsRoutes);
  await app.register(socialAuthRoutes);
  await app.register(valueListsRoutes);
  await app.register(recaptchaRoutes);
  await app.register(notificationsRoutes);
  await app.register(workspacesRoutes);
  await app.register(playsRoutes);
  await app.register(insightsRoutes);
  await app.register(realtimeRoutes);
  await app.register(fileEntriesRoutes);
  await app.register(uploadsRoutes);
  await app.register(settingsAdminRoutes);
  await app.register(transcodingAdminRoutes);
  await app.register(internetRadioRoutes);
  await app.register(appearanceAdminRoutes);
  await app.register(localizationsAdminRoutes);
  await app.register(customPagesRoutes);
  await app.register(contactRoutes);
  await app.register(billingRoutes);
  await app.register(billingAdminRoutes);
  await app.register(billingWebhookRoutes);
  await app.register(appPasswordRoutes);
  await app.register(sharesRoutes);
  await app.register(subsonicRoutes);
  app.addHook('onClose', async () => {
    await (
      await stopCacheSync
    )();
    await (
      await stopSettingsSync
    )();
    await closeServices(services);
  });
  if (config.jobWorker) {
    services.jobs.start();
    // Media jobs a killed instance left unfinished run again (the in-process queue keeps
    // nothing across restarts; BullMQ does not redo a job it counts as ended). Not awaited:
    // a Redis that is down must not hold up the start.
    services.media.resumeUnfinished().catch((error: unknown) => {
      void fileLogs.write('error', { message: 'media jobs not resumed', error: String(error) });
    });
    // Paid plans saved before a payment provider's keys were set are pushed to it now
    // (issue 36.2). Not awaited either: a provider out of reach must not hold up the start.
    services.plans.syncWithProviders().catch((error: unknown) => {
      void fileLogs.write('error', { message: 'plans not synced', error: String(error) });
    });
  }
  await options.configure?.(app);
  await app.register(seoRoutes);
  await registerSelfHostedFonts(app);
  await registerSpa(app, config.webDistPath, bootstrapFor, pageHeadFor, {
    connectSrc: directUploadOrigins(config.storage),
  });

  app.setNotFoundHandler(async (request, reply) => {
    // JSON answers have no HEAD routes (registerEndpoint): a HEAD is routed again as a GET,
    // whose headers are sent and body is not (Node sends none in answer to a HEAD).
    if (request.method === 'HEAD') {
      reply.hijack();
      request.raw.method = 'GET';
      app.routing(request.raw, reply.raw);
      return reply;
    }
    const wantsPage =
      request.method === 'GET' &&
      !isApiUrl(request.url) &&
      // A missing file (an avatar that was removed) is a 404, not the app's page.
      !request.url.startsWith('/assets/') &&
      !request.url.startsWith('/storage/');
    if (wantsPage) return app.sendSpaPage(request, reply);
    return reply.code(404).send({ message: 'Not found.' });
  });

  return app;
}
