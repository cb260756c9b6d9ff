import { paypalWebhook, stripeWebhook } from '@backbeat/common/billing/contract';
import { registerEndpoint } from '../../http/endpoint.ts';
import { HttpError } from '../../http/http-error.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { viaProvider } from './routes.ts';
import type { WebhookOutcome } from './webhooks-service.ts';

/**
 * The providers' webhooks. Signatures are over the exact bytes sent, so in this plugin (and
 * only here) bodies are kept raw instead of parsed. They carry no session and no XSRF token.
 */
export const billingWebhookRoutes: RoutesPlugin = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const { billingWebhooks } = app.services;
  const options = { config: { xsrf: false, session: false } };
  const answer = (outcome: WebhookOutcome) => {
    if (outcome === 'forged') throw new HttpError(400, 'The webhook signature is not valid.');
    return { received: true, outcome };
  };
  const raw = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

  registerEndpoint(
    app,
    stripeWebhook,
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const outcome = await viaProvider(() =>
        billingWebhooks.stripe(
          raw(request.body),
          typeof signature === 'string' ? signature : undefined,
        ),
      );
      return answer(outcome);
    },
    options,
  );
  registerEndpoint(
    app,
    paypalWebhook,
    async (request) => {
      const outcome = await viaProvider(() =>
        billingWebhooks.paypal(raw(request.body), request.headers),
      );
      return answer(outcome);
    },
    options,
  );
};
