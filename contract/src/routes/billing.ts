import { z } from 'zod';
import {
  checkoutBodySchema,
  checkoutResponseSchema,
  demoCheckoutConfirmResponseSchema,
  demoCheckoutSchema,
  demoPortalActionSchema,
  demoPortalSchema,
  portalResponseSchema,
  subscriptionResponseSchema,
} from '../billing';
import { errors, route } from '../route';

const tags = ['billing'];
const billingErrors = errors(400, 401, 404, 409, 429, 503);
const sessionParams = z.object({ id: z.string().min(1).max(200) });

/**
 * Billing (docs/product/billing.md): checkout, portal and subscription for a signed-in account, Stripe's signed
 * webhook, and the demo pages (registered only with the demo provider).
 */
export const billingRoutes = {
  checkout: route({
    method: 'POST',
    path: '/api/stripe/create-checkout-session',
    tags,
    summary: 'Start a Stripe Checkout for a plan (the demo checkout without Stripe)',
    access: 'signed-in',
    body: checkoutBodySchema,
    responses: { 200: checkoutResponseSchema, ...billingErrors },
  }),
  portal: route({
    method: 'POST',
    path: '/api/stripe/customer-portal',
    tags,
    summary: "Open the billing portal for the caller's Stripe customer",
    access: 'signed-in',
    responses: { 200: portalResponseSchema, ...billingErrors },
  }),
  subscription: route({
    method: 'GET',
    path: '/api/stripe/subscription',
    tags,
    summary: "The caller's subscription, as the profile shows it",
    access: 'signed-in',
    responses: { 200: subscriptionResponseSchema, ...billingErrors },
  }),
  // The raw body is read by the route itself (the signature covers the bytes); the signature is the authority.
  webhook: route({
    method: 'POST',
    path: '/api/stripe/webhook',
    tags,
    summary: 'Stripe events (signed with STRIPE_WEBHOOK_SECRET)',
    access: 'public',
    responses: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), ...billingErrors },
  }),
  demoCheckout: route({
    method: 'GET',
    path: '/api/stripe/demo/checkout/:id',
    tags,
    summary: 'A demo checkout session',
    access: 'signed-in',
    params: sessionParams,
    responses: { 200: demoCheckoutSchema, ...billingErrors },
  }),
  confirmDemoCheckout: route({
    method: 'POST',
    path: '/api/stripe/demo/checkout/:id/confirm',
    tags,
    summary: 'Confirm a demo checkout (charges nothing)',
    access: 'signed-in',
    params: sessionParams,
    responses: { 200: demoCheckoutConfirmResponseSchema, ...billingErrors },
  }),
  demoPortal: route({
    method: 'GET',
    path: '/api/stripe/demo/portal',
    tags,
    summary: 'The demo billing portal',
    access: 'signed-in',
    responses: { 200: demoPortalSchema, ...billingErrors },
  }),
  demoPortalAction: route({
    method: 'POST',
    path: '/api/stripe/demo/portal',
    tags,
    summary: 'Cancel at period end, resume, or switch plan in the demo portal',
    access: 'signed-in',
    body: demoPortalActionSchema,
    responses: { 200: demoPortalSchema, ...billingErrors },
  }),
};
