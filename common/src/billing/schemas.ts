import { z } from 'zod';
import { PERMISSION_DEFINITIONS } from '../permissions.ts';
import { permissionSchema } from '../types.ts';
import { PRICE_INTERVALS } from './pricing.ts';

/*
 * Spec 2 §3 product (plan) and price, and what Backbeat adds around them: the permissions a
 * plan grants, subscriptions and invoices.
 */

/** How long a subscription whose renewal payment failed stays valid before it is downgraded. */
export const BILLING_GRACE_DAYS = 7;
/** Spec 1 §3 "plan default Free": the plan name of someone without a paid plan. */
export const FREE_PLAN_NAME = 'Free';

export const BILLING_GATEWAYS = ['stripe', 'paypal', 'none'] as const;
export type BillingGateway = (typeof BILLING_GATEWAYS)[number];
export const PAYMENT_GATEWAYS = ['stripe', 'paypal'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'incomplete',
  'suspended',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const priceSchema = z.object({
  id: z.number(),
  amount: z.number(),
  currency: z.string(),
  interval: z.enum(PRICE_INTERVALS),
  interval_count: z.number(),
});
export type Price = z.infer<typeof priceSchema>;

export const productSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  hidden: z.boolean(),
  recommended: z.boolean(),
  free: z.boolean(),
  feature_list: z.array(z.string()),
  prices: z.array(priceSchema),
});
export type Product = z.infer<typeof productSchema>;

/** A plan as admins see it: the product plus what it grants and where it is synced. */
export const adminPlanSchema = productSchema.extend({
  permissions: z.array(permissionSchema),
  no_ads: z.boolean(),
  position: z.number(),
  stripe_id: z.string().nullable(),
  paypal_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

const priceInputSchema = z.object({
  /** An existing price keeps its id; a new one has none. */
  id: z.number().int().positive().optional(),
  amount: z
    .number({ error: 'The amount must be a number.' })
    .int('The amount is in minor units (cents): a whole number.')
    .min(0, 'The amount cannot be negative.')
    .max(100_000_000, 'The amount is too large.'),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'The currency is a three-letter code, like USD.')
    .transform((code) => code.toUpperCase()),
  interval: z.enum(PRICE_INTERVALS, { error: 'The interval is day, month or year.' }),
  interval_count: z
    .number({ error: 'The interval count must be a number.' })
    .int('The interval count must be a whole number.')
    .min(1, 'The interval count is at least 1.')
    .max(365, 'The interval count is at most 365.'),
});

/**
 * What a plan may grant: listener and artist permissions. Admin ones stay with roles, so that
 * managing plans (plans.update) is no way to become an administrator.
 */
export const PLAN_PERMISSIONS = PERMISSION_DEFINITIONS.filter((d) => d.group !== 'admin').map(
  (d) => d.name,
) as [string, ...string[]];

/** A new plan; fields left out take their defaults (false, 0, none) in the service. */
export const planInputSchema = z.object({
  name: z
    .string({ error: 'The name is required.' })
    .trim()
    .min(1, 'The name is required.')
    .max(100, 'The name may have at most 100 characters.'),
  description: z.string().trim().max(1000, 'The description is too long.').nullable().optional(),
  hidden: z.boolean().optional(),
  recommended: z.boolean().optional(),
  free: z.boolean().optional(),
  no_ads: z.boolean().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  feature_list: z
    .array(z.string().trim().min(1, 'A feature needs text.').max(200, 'A feature is too long.'))
    .max(30, 'At most 30 features.')
    .optional(),
  permissions: z
    .array(
      z.object({
        name: z.enum(PLAN_PERMISSIONS, {
          error: 'A plan may grant listener and artist permissions, not admin ones.',
        }),
        restrictions: z
          .array(
            z.object({
              name: z.string().min(1).max(50),
              value: z.union([z.number(), z.string().max(50)]).nullable(),
            }),
          )
          .max(10)
          .optional(),
      }),
    )
    .max(50)
    .optional(),
  prices: z.array(priceInputSchema).max(10, 'At most 10 prices.').optional(),
});
export type PlanInput = z.output<typeof planInputSchema>;
/** Only the fields sent change (no defaults here: an absent field keeps its value). */
export const planUpdateSchema = planInputSchema.partial();
export type PlanUpdate = z.output<typeof planUpdateSchema>;

export const subscriptionSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  product_id: z.number().nullable(),
  price_id: z.number().nullable(),
  plan_name: z.string(),
  price: priceSchema.nullable(),
  gateway: z.enum(BILLING_GATEWAYS),
  gateway_id: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancel_at_period_end: z.boolean(),
  /** When the current period ends: the next charge, unless cancelled at period end. */
  renews_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** Set while a failed renewal is retried; valid until then, downgraded after. */
  grace_ends_at: z.string().nullable(),
  valid: z.boolean(),
  active: z.boolean(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const invoiceSchema = z.object({
  id: z.number(),
  subscription_id: z.number().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['paid', 'failed', 'open']),
  url: z.string().nullable(),
  created_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

const positiveId = (what: string) =>
  z.coerce
    .number({ error: `The ${what} must be a number.` })
    .int(`The ${what} must be a whole number.`)
    .positive(`The ${what} must be a positive number.`)
    .max(2_147_483_647, `The ${what} is too large.`);

export const planChoiceSchema = z.object({
  product_id: positiveId('plan'),
  price_id: positiveId('price'),
});

export const grantSubscriptionSchema = z.object({
  user_id: positiveId('user'),
  product_id: positiveId('plan'),
  price_id: positiveId('price').nullable().optional(),
  /** A manual subscription without an end lasts until it is cancelled. */
  ends_at: z.iso.datetime({ error: 'The end must be a date and time.' }).nullable().optional(),
});
export const updateSubscriptionSchema = z.object({
  product_id: positiveId('plan').optional(),
  price_id: positiveId('price').nullable().optional(),
  ends_at: z.iso.datetime({ error: 'The end must be a date and time.' }).nullable().optional(),
});
