import { submitContactPage } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { RoutesPlugin } from '../../http/types.ts';

/** Spec 2 §7 `POST contact-page`: anyone may write, a few times per address. */
export const contactRoutes: RoutesPlugin = async (app) => {
  registerEndpoint(
    app,
    submitContactPage,
    (request) => app.services.contact.submit(request.body, request.ip),
    { config: { rateLimit: rateLimit('contact-page', 5, 10 * 60_000) } },
  );
};
