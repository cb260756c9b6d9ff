import type { FastifyRequest } from 'fastify';
import {
  cancelMySubscription,
  changeMyPlan,
  completePaymentMethodChange,
  completePaypalCheckout,
  completeStripeCheckout,
  getBillingGateways,
  getMyBilling,
  listBillingProducts,
  resumeMySubscription,
  startCheckout,
  startPaymentMethodChange,
} from '@backbeat/common/billing/contract';
import type { User } from '@backbeat/common';
import { registerEndpoint } from '../../http/endpoint.ts';
import { HttpError } from '../../http/http-error.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { baseUrlOf } from '../bootstrap/present.ts';
import { PaypalError } from './gateways/paypal.ts';

/** A provider that fails or cannot be reached is a 502 with a plain message, never a 500. */
export async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const type = (error as { type?: unknown }).type;
    const fromStripe = typeof type === 'string' && type.startsWith('Stripe');
    if (fromStripe || error instanceof PaypalError) {
      const status =
        (error as { statusCode?: number; status?: number }).statusCode ??
        (error as PaypalError).status;
      if (status === 404) throw new HttpError(404, 'Not found.');
      throw new HttpError(502, 'The payment provider could not complete this. Please try again.');
    }
    throw error;
  }
}

const userOf = (request: FastifyRequest): User => request.user!;

/** The listener's billing calls (issue 15): plans, checkout and its returns, /billing. */
export const billingRoutes: RoutesPlugin = async (app) => {
  const { billing, plans } = app.services;

  registerEndpoint(app, listBillingProducts, async () => {
    const data = await plans.publicList();
    return {
      pagination: {
        data,
        current_page: 1,
        per_page: Math.max(1, data.length),
        total: data.length,
        last_page: 1,
        from: data.length ? 1 : null,
        to: data.length ? data.length : null,
      },
    };
  });
  registerEndpoint(app, getBillingGateways, () => ({ gateways: billing.gateways() }));

  registerEndpoint(app, startCheckout, async (request) => {
    const baseUrl = await baseUrlOf(request);
    return {
      url: await viaProvider(() => billing.checkout(userOf(request), request.body, baseUrl)),
    };
  });
  registerEndpoint(app, completeStripeCheckout, async (request) => ({
    subscription: await viaProvider(() =>
      billing.completeStripe(userOf(request), request.body.session_id),
    ),
  }));
  registerEndpoint(app, completePaypalCheckout, async (request) => ({
    subscription: await viaProvider(() =>
      billing.completePaypal(userOf(request), request.body.subscription_id),
    ),
  }));

  registerEndpoint(app, getMyBilling, (request) => billing.mine(userOf(request)));
  registerEndpoint(app, cancelMySubscription, async (request) => ({
    subscription: await viaProvider(() => billing.cancelMine(userOf(request))),
  }));
  registerEndpoint(app, resumeMySubscription, async (request) => ({
    subscription: await viaProvider(() => billing.resumeMine(userOf(request))),
  }));
  registerEndpoint(app, changeMyPlan, async (request) => ({
    subscription: await viaProvider(() => billing.changeMyPlan(userOf(request), request.body)),
  }));
  registerEndpoint(app, startPaymentMethodChange, async (request) => {
    const baseUrl = await baseUrlOf(request);
    return { url: await viaProvider(() => billing.paymentMethod(userOf(request), baseUrl)) };
  });
  registerEndpoint(app, completePaymentMethodChange, async (request) => ({
    subscription: await viaProvider(() =>
      billing.paymentMethodDone(userOf(request), request.body.session_id),
    ),
  }));
};
