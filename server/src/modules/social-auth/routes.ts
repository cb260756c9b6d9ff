import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SocialService } from '@backbeat/common';
import {
  socialCallback,
  socialConnect,
  socialConnectWithPassword,
  socialDisconnect,
  socialLogin,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { HttpError, validationFailed } from '../../http/http-error.ts';
import { DomainError } from '../../lib/domain-errors.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { baseUrlOf, bootstrapFor } from '../bootstrap/present.ts';
import { startUserSession } from '../auth/session-login.ts';
import {
  SocialAuthError,
  assertAttemptMatches,
  authorizationUrl,
  fetchProviderProfile,
  newAttempt,
  type OAuthAttempt,
  type SocialIntent,
} from './service.ts';
import { PROVIDERS, type ProviderProfile } from './providers.ts';

const ATTEMPT_KEY = 'oauth.attempt';
const PENDING_LINK_KEY = 'oauth.pending_link';
const PENDING_LOGIN_KEY = 'login.pending';
const GENERIC_ERROR = 'An error occurred. Please try again later';

type Result =
  | { status: 'SUCCESS'; callbackData: Record<string, unknown> }
  | { status: 'ALREADY_LOGGED_IN' | 'REQUEST_PASSWORD'; callbackData?: Record<string, unknown> }
  | { status: 'ERROR'; errorMessage: string };

/** The popup's last page: hands the result to the opener (type social-auth) and closes. */
async function sendPopupResult(request: FastifyRequest, reply: FastifyReply, result: Result) {
  const nonce = randomBytes(16).toString('base64');
  const origin = new URL(await baseUrlOf(request)).origin;
  const message = JSON.stringify({ type: 'social-auth', ...result }).replaceAll('<', '\\u003c');
  const html = `<!doctype html><meta charset="utf-8"><title>Backbeat</title><script nonce="${nonce}">if (window.opener) { window.opener.postMessage(${message}, ${JSON.stringify(origin)}); } window.close();</script><p>You can close this window.</p>`;
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'`)
    .send(html);
}

export const socialAuthRoutes: RoutesPlugin = async (app) => {
  const { services } = app;

  async function begin(
    request: FastifyRequest,
    reply: FastifyReply,
    service: SocialService,
    intent: SocialIntent,
  ) {
    const attempt = await newAttempt(service, intent);
    try {
      const url = await authorizationUrl(services, service, await baseUrlOf(request), attempt);
      await request.session.put(ATTEMPT_KEY, attempt);
      return reply.redirect(url.toString());
    } catch (error) {
      const message =
        error instanceof HttpError || error instanceof DomainError ? error.message : GENERIC_ERROR;
      return sendPopupResult(request, reply, { status: 'ERROR', errorMessage: message });
    }
  }

  /** Logs the linked user in, through the two-factor challenge when it is on. */
  async function logIn(request: FastifyRequest, userId: number): Promise<Result> {
    const row = await services.users.findRowById(userId);
    if (!row) return { status: 'ERROR', errorMessage: GENERIC_ERROR };
    if (row.two_factor_confirmed_at) {
      await request.session.put(PENDING_LOGIN_KEY, { userId, remember: true, at: Date.now() });
      return { status: 'SUCCESS', callbackData: { two_factor: true } };
    }
    await startUserSession(request, userId, true);
    return { status: 'SUCCESS', callbackData: { bootstrapData: await bootstrapFor(request) } };
  }

  async function resolveLogin(
    request: FastifyRequest,
    attempt: OAuthAttempt,
    profile: ProviderProfile,
  ): Promise<Result> {
    const label = PROVIDERS[attempt.service].label;
    const linked = await services.socialProfiles.findByServiceId(attempt.service, profile.id);
    if (attempt.intent === 'connect') {
      if (!request.user) return { status: 'ERROR', errorMessage: 'Please log in first.' };
      if (linked && linked.user_id !== request.user.id) {
        return {
          status: 'ERROR',
          errorMessage: `This ${label} account is already connected to another user.`,
        };
      }
      await services.socialProfiles.link(request.user.id, { service: attempt.service, ...profile });
      request.user = await services.users.findById(request.user.id);
      return { status: 'SUCCESS', callbackData: { bootstrapData: await bootstrapFor(request) } };
    }
    if (request.user) return { status: 'ALREADY_LOGGED_IN' };
    if (linked) return logIn(request, linked.user_id);

    const existing = profile.email ? await services.users.findRowByEmail(profile.email) : undefined;
    if (existing) {
      // Never link by an email the provider has not verified, nor without the account's password.
      if (!profile.emailVerified || !existing.password) {
        return {
          status: 'ERROR',
          errorMessage: `An account with this email already exists. Log in with your password, then connect ${label} in your account settings.`,
        };
      }
      await request.session.put(PENDING_LINK_KEY, {
        userId: existing.id,
        service: attempt.service,
        profile,
        at: Date.now(),
      });
      return {
        status: 'REQUEST_PASSWORD',
        callbackData: { email: existing.email, service: attempt.service },
      };
    }
    if (!profile.email) {
      return {
        status: 'ERROR',
        errorMessage: `Your ${label} account did not share an email address.`,
      };
    }
    if (await services.settings.get('registration.disable')) {
      return { status: 'ERROR', errorMessage: 'Registration is currently disabled.' };
    }
    const userId = await services.users.createUser({
      email: profile.email,
      password: null,
      name: profile.name ?? profile.email.split('@')[0],
      verified: profile.emailVerified,
    });
    await services.socialProfiles.link(userId, { service: attempt.service, ...profile });
    return logIn(request, userId);
  }

  const limited = { config: { rateLimit: rateLimit('social', 20, 60_000) } };

  registerEndpoint(app, socialLogin, (request, reply) =>
    begin(request, reply, request.params.service, 'login'),
  );

  registerEndpoint(app, socialConnect, (request, reply) =>
    begin(request, reply, request.params.service, 'connect'),
  );

  registerEndpoint(
    app,
    socialCallback,
    async (request, reply) => {
      const attempt = request.session.payload<OAuthAttempt>(ATTEMPT_KEY);
      await request.session.put(ATTEMPT_KEY, null);
      try {
        if (request.query.error) throw new SocialAuthError('The login was cancelled.');
        const checked = assertAttemptMatches(attempt, request.params.service, request.query.state);
        if (!request.query.code) throw new SocialAuthError(GENERIC_ERROR);
        const profile = await fetchProviderProfile(
          services,
          checked,
          request.query.code,
          await baseUrlOf(request),
        );
        return sendPopupResult(request, reply, await resolveLogin(request, checked, profile));
      } catch (error) {
        request.log.warn({ err: error }, 'social login failed');
        const message = error instanceof SocialAuthError ? error.message : GENERIC_ERROR;
        return sendPopupResult(request, reply, { status: 'ERROR', errorMessage: message });
      }
    },
    limited,
  );

  /** REQUEST_PASSWORD's second half: the existing account's password links the provider. */
  registerEndpoint(
    app,
    socialConnectWithPassword,
    async (request) => {
      const pending = request.session.payload<{
        userId: number;
        service: SocialService;
        profile: ProviderProfile;
        at: number;
      }>(PENDING_LINK_KEY);
      if (!pending || Date.now() - pending.at > 10 * 60_000) {
        throw validationFailed({ password: ['This login attempt has expired. Please try again.'] });
      }
      await services.auth.checkPassword(pending.userId, request.body.password);
      await services.socialProfiles.link(pending.userId, {
        service: pending.service,
        ...pending.profile,
      });
      await request.session.put(PENDING_LINK_KEY, null);
      const result = await logIn(request, pending.userId);
      if (result.status !== 'SUCCESS') throw new HttpError(422, GENERIC_ERROR);
      return result.callbackData.two_factor
        ? { two_factor: true as const }
        : { status: 'success' as const, bootstrapData: await bootstrapFor(request) };
    },
    { config: { rateLimit: rateLimit('social-connect', 5, 60_000) } },
  );

  registerEndpoint(app, socialDisconnect, async (request) => {
    const row = await services.users.findRowById(request.user!.id);
    if (!row?.password) {
      throw validationFailed({
        service: ['Set a password before disconnecting your only way to log in.'],
      });
    }
    await services.socialProfiles.unlink(request.user!.id, request.params.service);
    return { message: `Disabled ${PROVIDERS[request.params.service].label} account` };
  });
};
