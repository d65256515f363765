import { BILLING_MESSAGES, DEFAULT_PLAN } from '@gowild/contract/billing';
import { billingRoutes as routes } from '@gowild/contract/routes/billing';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import { badRequest, serviceUnavailable } from '../../lib/http-error';
import { BillingEventError, BillingSignatureError } from '../../providers/billing/billing.provider';
import type { AuthService } from '../accounts/accounts.module';
import type { BillingService } from './billing.service';

/**
 * The billing calls of docs/product/billing.md#billing-api, registered from the route table (decision 302). Signed-in
 * calls: authenticate (a preHandler), validate, call the service. The webhook has no session: Stripe's signature over
 * the raw body is its authentication.
 */
export const billingRoutes: FastifyPluginAsyncZod<{ auth: AuthService; billing: BillingService }> = async (app, { auth, billing }) => {
  const signedIn = async (request: FastifyRequest) => {
    await auth.requireUser(request);
  };
  const caller = async (request: FastifyRequest) => (await auth.requireUser(request)).user;

  contractRoute(app, routes.checkout, { preHandler: signedIn }, async (request) =>
    billing.createCheckout(await caller(request), request.body?.plan_type ?? DEFAULT_PLAN),
  );
  contractRoute(app, routes.portal, { preHandler: signedIn }, async (request) => billing.createPortal(await caller(request)));
  contractRoute(app, routes.subscription, { preHandler: signedIn }, async (request) => billing.subscriptionOf(await caller(request)));

  // The webhook in a plugin of its own: only here is a JSON body kept as the raw bytes the signature covers.
  await app.register(async (hook) => {
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    contractRoute(hook, routes.webhook, {}, async (request) => {
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
    });
  });

  const demo = billing.demo;
  if (!demo) return;

  // The demo checkout and portal pages' calls (docs/product/billing.md#demo-checkout); absent with Stripe.
  contractRoute(app, routes.demoCheckout, { preHandler: signedIn }, async (request) =>
    demo.checkout(await caller(request), request.params.id),
  );
  contractRoute(app, routes.confirmDemoCheckout, { preHandler: signedIn }, async (request) =>
    demo.confirm(await caller(request), request.params.id, request.log),
  );
  contractRoute(app, routes.demoPortal, { preHandler: signedIn }, async (request) => demo.portal(await caller(request)));
  contractRoute(app, routes.demoPortalAction, { preHandler: signedIn }, async (request) =>
    demo.act(await caller(request), request.body, request.log),
  );
};
