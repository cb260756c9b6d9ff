import { z } from 'zod';
import { paginationOf } from '../catalog/types.ts';
import { endpoint } from '../contract.ts';
import { resource, yesNoFilter } from '../resource.ts';
import {
  BILLING_GATEWAYS,
  PAYMENT_GATEWAYS,
  adminPlanSchema,
  grantSubscriptionSchema,
  invoiceSchema,
  planChoiceSchema,
  planInputSchema,
  planUpdateSchema,
  productSchema,
  subscriptionSchema,
  updateSubscriptionSchema,
} from './schemas.ts';

/*
 * Billing (issue 15, spec 2 §2/§7): the public plan list, checkout with Stripe or PayPal, the
 * subscriber's billing screen, the providers' webhooks, and the admin plans and subscriptions.
 */

const tags = ['billing'];
const one = z.object({ subscription: subscriptionSchema });
const redirect = z.object({ url: z.string() });
/** A delivery is acknowledged (200) whatever became of it; a bad signature is a 400. */
const webhookAnswer = z.object({
  received: z.boolean(),
  outcome: z.enum(['handled', 'ignored', 'duplicate']),
});

/** Spec 2 §7 `GET billing/products`: the plans on the pricing page (hidden ones left out). */
export const listBillingProducts = endpoint({
  method: 'GET',
  path: '/api/v1/billing/products',
  access: 'public',
  summary: 'The plans the pricing page lists, with their prices',
  tags,
  response: paginationOf(productSchema),
});

/** Which payment providers are configured, for the checkout page's buttons. */
export const getBillingGateways = endpoint({
  method: 'GET',
  path: '/api/v1/billing/gateways',
  access: 'public',
  summary: 'The payment providers checkout offers',
  tags,
  response: z.object({ gateways: z.array(z.enum(PAYMENT_GATEWAYS)) }),
});

/** Starts paying for a plan: answers the provider's page to send the browser to. */
export const startCheckout = endpoint({
  method: 'POST',
  path: '/api/v1/billing/checkout',
  access: 'auth',
  summary: 'Starts a Stripe Checkout session or a PayPal subscription for a plan',
  tags,
  body: planChoiceSchema.extend({ gateway: z.enum(PAYMENT_GATEWAYS) }),
  response: redirect,
});

/** `/stripe/done`: the checkout session is read back from Stripe and recorded. */
export const completeStripeCheckout = endpoint({
  method: 'POST',
  path: '/api/v1/billing/stripe/done',
  access: 'auth',
  summary: 'Records the subscription of a completed Stripe Checkout session',
  tags,
  body: z.object({ session_id: z.string().min(1).max(255) }),
  response: one,
});

/** `/paypal/done`: the approved subscription is read back from PayPal and recorded. */
export const completePaypalCheckout = endpoint({
  method: 'POST',
  path: '/api/v1/billing/paypal/done',
  access: 'auth',
  summary: 'Records an approved PayPal subscription',
  tags,
  body: z.object({ subscription_id: z.string().min(1).max(255) }),
  response: one,
});

/** `/billing`: the subscriber's current subscription (or none) and invoices. */
export const getMyBilling = endpoint({
  method: 'GET',
  path: '/api/v1/billing/me',
  access: 'auth',
  summary: "The signed-in user's subscription and invoices",
  tags,
  response: z.object({
    subscription: subscriptionSchema.nullable(),
    invoices: z.array(invoiceSchema),
  }),
});

export const cancelMySubscription = endpoint({
  method: 'POST',
  path: '/api/v1/billing/me/cancel',
  access: 'auth',
  summary: 'Cancels the subscription at the end of the period',
  tags,
  errors: [404],
  response: one,
});

export const resumeMySubscription = endpoint({
  method: 'POST',
  path: '/api/v1/billing/me/resume',
  access: 'auth',
  summary: 'Takes back a cancellation before the period ends',
  tags,
  errors: [404],
  response: one,
});

export const changeMyPlan = endpoint({
  method: 'POST',
  path: '/api/v1/billing/me/change-plan',
  access: 'auth',
  summary: 'Moves the subscription to another plan or price',
  tags,
  body: planChoiceSchema,
  errors: [404],
  response: one,
});

/** Change payment method: a Stripe setup page (or PayPal's own account page). */
export const startPaymentMethodChange = endpoint({
  method: 'POST',
  path: '/api/v1/billing/me/payment-method',
  access: 'auth',
  summary: 'Starts changing the card a subscription is charged to',
  tags,
  errors: [404],
  response: redirect,
});

export const completePaymentMethodChange = endpoint({
  method: 'POST',
  path: '/api/v1/billing/me/payment-method/done',
  access: 'auth',
  summary: 'Makes the card set up on Stripe the subscription default',
  tags,
  body: z.object({ session_id: z.string().min(1).max(255) }),
  errors: [404],
  response: one,
});

/** Stripe's events, signed over the raw body (300 s tolerance). */
export const stripeWebhook = endpoint({
  method: 'POST',
  path: '/api/v1/billing/webhooks/stripe',
  access: 'public',
  summary: 'Stripe webhook (Stripe-Signature checked over the raw body)',
  tags,
  errors: [400],
  response: webhookAnswer,
});

/** PayPal's events, verified with PayPal's verify-webhook-signature call. */
export const paypalWebhook = endpoint({
  method: 'POST',
  path: '/api/v1/billing/webhooks/paypal',
  access: 'public',
  summary: 'PayPal webhook (verified by PayPal over the raw body)',
  tags,
  errors: [400],
  response: webhookAnswer,
});

/** Admin plans (plans.update): products with their prices and what they grant. */
export const plansResource = resource({
  name: 'plans',
  item: 'plan',
  access: { view: 'plans.update', manage: 'plans.update' },
  schemas: { row: adminPlanSchema, create: planInputSchema, update: planUpdateSchema },
  sort: ['name', 'position', 'created_at'],
  defaultSort: { column: 'position', order: 'asc' },
  filters: { hidden: yesNoFilter },
});

/** Admin subscriptions (subscriptions.update): list, filter, see, grant, change, delete. */
export const subscriptionsResource = resource({
  name: 'subscriptions',
  item: 'subscription',
  access: { view: 'subscriptions.update', manage: 'subscriptions.update' },
  schemas: {
    row: subscriptionSchema,
    create: grantSubscriptionSchema,
    update: updateSubscriptionSchema,
  },
  sort: ['created_at', 'renews_at', 'status'],
  defaultSort: { column: 'created_at', order: 'desc' },
  filters: {
    status: z.enum(['valid', 'canceled', 'past_due', 'ended'], { error: 'Unknown status.' }),
    gateway: z.enum(BILLING_GATEWAYS, { error: 'Unknown provider.' }),
  },
});

export const cancelAdminSubscription = endpoint({
  method: 'POST',
  path: '/api/v1/admin/subscriptions/:id/cancel',
  access: 'subscriptions.update',
  summary: 'Cancels a subscription at period end, or at once (needs admin.access too)',
  tags: ['admin: subscriptions'],
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  body: z.object({ at_once: z.boolean().optional() }),
  response: one,
});

export const resumeAdminSubscription = endpoint({
  method: 'POST',
  path: '/api/v1/admin/subscriptions/:id/resume',
  access: 'subscriptions.update',
  summary: 'Takes back a cancellation at period end (needs admin.access too)',
  tags: ['admin: subscriptions'],
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: one,
});

export const {
  list: listAdminPlans,
  show: getAdminPlan,
  create: createAdminPlan,
  update: updateAdminPlan,
  deleteMany: deleteAdminPlans,
} = plansResource;

export const {
  list: listAdminSubscriptions,
  show: getAdminSubscription,
  create: createAdminSubscription,
  update: updateAdminSubscription,
  deleteMany: deleteAdminSubscriptions,
} = subscriptionsResource;
