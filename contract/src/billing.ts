import { z } from 'zod';
import { planSchema } from './config';

/** The two plans of the catalogue a checkout can ask for (docs/product/billing.md#checkout); monthly by default. */
export const planIdSchema = z.enum(['monthly', 'yearly']);
export type PlanId = z.infer<typeof planIdSchema>;

export const checkoutBodySchema = z
  .object({
    plan_type: planIdSchema.default('monthly').describe("'monthly' (the default) or 'yearly'").meta({ example: 'yearly' }),
  })
  .strict()
  // No body at all is the default plan too (Fastify hands a body-less POST to validation as null).
  .nullish();

/** The plan a checkout body asks for: monthly unless it says yearly (docs/product/billing.md#checkout). */
export const DEFAULT_PLAN: PlanId = 'monthly';

export const checkoutResponseSchema = z.object({ checkout_url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const portalResponseSchema = z.object({ portal_url: z.string() });
export type PortalResponse = z.infer<typeof portalResponseSchema>;

/** Stripe's subscription statuses (docs/product/billing.md#subscription-states). */
export const subscriptionStatusSchema = z.enum([
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** The user's subscription as the profile shows it; times in epoch seconds. */
export const subscriptionSummarySchema = z.object({
  status: subscriptionStatusSchema,
  plan: planIdSchema.nullable(),
  /** Premium while this subscription lasts (trialing, active, past_due). */
  is_premium: z.boolean(),
  trial_end: z.number().nullable(),
  /** The next renewal, or the end when `cancel_at_period_end` (or when it already ended: `ended_at`). */
  current_period_end: z.number().nullable(),
  cancel_at_period_end: z.boolean(),
  ended_at: z.number().nullable(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** GET /api/stripe/subscription. */
export const subscriptionResponseSchema = z.object({
  subscription: subscriptionSummarySchema.nullable(),
  /** A Stripe customer exists, so the billing portal can open. */
  has_customer: z.boolean(),
  /** Premium granted by an operator, outside any subscription. */
  premium_granted: z.boolean(),
  /** Whether the next checkout still comes with the free trial (one per user). */
  trial_available: z.boolean(),
  /** The billing provider: 'demo' charges nothing. */
  mode: z.enum(['live', 'demo']),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** GET /api/stripe/demo/checkout/:id: what the demo checkout page shows. */
export const demoCheckoutSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  email: z.string(),
  plan: planSchema,
  /** 0 when the user already had their trial. */
  trial_days: z.number().int(),
  /** When the trial would end if confirmed now (epoch seconds), or null without a trial. */
  trial_end: z.number().nullable(),
  success_url: z.string(),
  cancel_url: z.string(),
});
export type DemoCheckout = z.infer<typeof demoCheckoutSchema>;

export const demoCheckoutConfirmResponseSchema = z.object({ redirect_url: z.string() });

/** GET /api/stripe/demo/portal. */
export const demoPortalSchema = z.object({
  email: z.string(),
  subscription: subscriptionSummarySchema.nullable(),
  plans: z.array(planSchema),
  return_url: z.string(),
});
export type DemoPortal = z.infer<typeof demoPortalSchema>;

export const demoPortalActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('cancel') }).strict(),
  z.object({ action: z.literal('resume') }).strict(),
  z.object({ action: z.literal('switch'), plan: planIdSchema }).strict(),
]);
export type DemoPortalAction = z.infer<typeof demoPortalActionSchema>;

/** The texts of docs/product/billing.md, server and browser. */
export const BILLING_MESSAGES = {
  alreadyPremium: 'You already have Premium. Manage your subscription from your profile.',
  noCustomer: 'There is no subscription to manage on this account yet. Start one from the plans page.',
  providerUnavailable: 'The payment service is unavailable right now. Please try again in a few minutes.',
  webhookSignature: 'Webhook signature verification failed',
  webhookMalformed: 'Webhook event is malformed: it needs an id, a type and data.object',
  tooManyCheckouts: 'Too many checkout attempts. Please wait a while and try again.',
  webhookNotConfigured: 'Stripe webhooks are not configured on this server (billing runs as a demo).',
  demoOnly: 'This call exists only while billing runs as a demo.',
  demoSessionMissing: 'This demo checkout does not exist or belongs to another account.',
  demoSessionClosed: 'This demo checkout is already finished. Start a new one from the plans page.',
  demoNoSubscription: 'There is no demo subscription on this account.',
  demoPlanSame: 'The subscription is already on that plan.',
  // Browser texts (docs/product/billing.md#checkout, #billing-portal).
  upgradeFailedTitle: 'Upgrade Failed',
  checkoutFailed: 'Failed to start checkout process. Please try again.',
  upgradeLoadFailed: 'Failed to load upgrade functionality. Please try again.',
  upgradeFailed: 'Failed to start upgrade process. Please try again.',
  checkoutDefault: 'Failed to create checkout session',
  portalDefault: 'Failed to create customer portal',
  portalFailed: 'Failed to open subscription management. Please try again.',
} as const;
