import {
  BILLING_MESSAGES,
  DEFAULT_PLAN,
  checkoutBodySchema,
  checkoutResponseSchema,
  demoCheckoutConfirmResponseSchema,
  demoCheckoutSchema,
  demoPortalActionSchema,
  demoPortalSchema,
  portalResponseSchema,
  subscriptionResponseSchema,
} from '@gowild/contract/billing';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, errorResponse, serviceUnavailable } from '../../lib/http-error';
import { BillingEventError, BillingSignatureError } from '../../providers/billing/billing.provider';
import type { AuthService } from '../accounts/accounts.module';
import type { BillingService } from './billing.service';

const tags = ['billing'];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse, 503: errorResponse };
const sessionParams = z.object({ id: z.string().min(1).max(200) });

/**
 * The billing calls of docs/product/billing.md#billing-api. Signed-in calls: authenticate (a preHandler), validate,
 * call the service. The webhook has no session: Stripe's signature over the raw body is its authentication.
 */
export const billingRoutes: FastifyPluginAsyncZod<{ auth: AuthService; billing: BillingService }> = async (app, { auth, billing }) => {
  const signedIn = async (request: FastifyRequest) => {
    await auth.requireUser(request);
  };
  const caller = async (request: FastifyRequest) => (await auth.requireUser(request)).user;

  app.post(
    '/api/stripe/create-checkout-session',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Start a Stripe Checkout for a plan (the demo checkout without Stripe)',
        body: checkoutBodySchema,
        response: { 200: checkoutResponseSchema, ...errors },
      },
    },
    async (request) => billing.createCheckout(await caller(request), request.body?.plan_type ?? DEFAULT_PLAN),
  );

  app.post(
    '/api/stripe/customer-portal',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Open the billing portal for the caller's Stripe customer",
        response: { 200: portalResponseSchema, ...errors },
      },
    },
    async (request) => billing.createPortal(await caller(request)),
  );

  app.get(
    '/api/stripe/subscription',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "The caller's subscription, as the profile shows it",
        response: { 200: subscriptionResponseSchema, ...errors },
      },
    },
    async (request) => billing.subscriptionOf(await caller(request)),
  );

  // The webhook in a plugin of its own: only here is a JSON body kept as the raw bytes the signature covers.
  await app.register(async (hook) => {
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    hook.post(
      '/api/stripe/webhook',
      {
        schema: {
          tags,
          summary: 'Stripe events (signed with STRIPE_WEBHOOK_SECRET)',
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), ...errors },
        },
      },
      async (request) => {
        if (billing.mode === 'demo') throw serviceUnavailable(BILLING_MESSAGES.webhookNotConfigured);
        const raw = Buffer.isBuffer(request.body) ? request.body : null;
        if (!raw) throw badRequest(BILLING_MESSAGES.webhookSignature);
        const header = request.headers['stripe-signature'];
        let event;
        try {
          event = billing.verifyWebhook(raw, typeof header === 'string' ? header : undefined);
        } catch (e) {
          if (e instanceof BillingSignatureError) {
            request.log.warn({ reason: e.message }, 'billing: webhook refused');
            throw badRequest(BILLING_MESSAGES.webhookSignature);
          }
          if (e instanceof BillingEventError) {
            request.log.warn({ reason: e.message }, 'billing: signed webhook refused as malformed');
            throw badRequest(BILLING_MESSAGES.webhookMalformed);
          }
          throw e;
        }
        const outcome = await billing.handleEvent(event, request.log);
        request.log.info({ event: event.id, type: event.type, duplicate: outcome.duplicate }, 'billing: webhook handled');
        return { received: true as const, duplicate: outcome.duplicate };
      },
    );
  });

  const demo = billing.demo;
  if (!demo) return;

  // The demo checkout and portal pages' calls (docs/product/billing.md#demo-checkout); absent with Stripe.
  app.get(
    '/api/stripe/demo/checkout/:id',
    {
      preHandler: signedIn,
      schema: { tags, summary: 'A demo checkout session', params: sessionParams, response: { 200: demoCheckoutSchema, ...errors } },
    },
    async (request) => demo.checkout(await caller(request), request.params.id),
  );

  app.post(
    '/api/stripe/demo/checkout/:id/confirm',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Confirm a demo checkout (charges nothing)',
        params: sessionParams,
        response: { 200: demoCheckoutConfirmResponseSchema, ...errors },
      },
    },
    async (request) => demo.confirm(await caller(request), request.params.id, request.log),
  );

  app.get(
    '/api/stripe/demo/portal',
    { preHandler: signedIn, schema: { tags, summary: 'The demo billing portal', response: { 200: demoPortalSchema, ...errors } } },
    async (request) => demo.portal(await caller(request)),
  );

  app.post(
    '/api/stripe/demo/portal',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Cancel at period end, resume, or switch plan in the demo portal',
        body: demoPortalActionSchema,
        response: { 200: demoPortalSchema, ...errors },
      },
    },
    async (request) => demo.act(await caller(request), request.body, request.log),
  );
};
