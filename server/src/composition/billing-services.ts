import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createBillingService } from '../modules/billing/billing-service.ts';
import { createPaypalGateway } from '../modules/billing/gateways/paypal.ts';
import { createStripeGateway } from '../modules/billing/gateways/stripe.ts';
import { createPlansService } from '../modules/billing/plans-service.ts';
import { createProductsRepository } from '../modules/billing/products-repository.ts';
import { createSubscriptionsRepository } from '../modules/billing/subscriptions-repository.ts';
import { createWebhooksService } from '../modules/billing/webhooks-service.ts';
import type { SettingsService } from '../modules/settings/service.ts';

/** Billing (issue 15): plans, subscriptions and webhooks, with the providers configured. */
export function createBillingServices(
  config: Config,
  database: DatabaseHandle,
  deps: {
    settings: SettingsService;
    forgetUser: (userId: number) => void;
    onError: (error: unknown, context: string) => void;
  },
) {
  const products = createProductsRepository(database.db);
  const subscriptions = createSubscriptionsRepository(database.db);
  const gateways = {
    stripe: config.billing.stripe ? createStripeGateway(config.billing.stripe) : null,
    paypal: config.billing.paypal ? createPaypalGateway(config.billing.paypal) : null,
  };
  const plans = createPlansService({ products, gateways, onError: deps.onError });
  const billing = createBillingService({
    subscriptions,
    products,
    plans,
    gateways,
    billingEnabled: () => deps.settings.get('billing.enable'),
    forgetUser: deps.forgetUser,
  });
  const billingWebhooks = createWebhooksService({ gateways, subscriptions, billing });
  return { plans, billing, billingWebhooks };
}
