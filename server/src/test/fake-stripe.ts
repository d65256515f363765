import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small local fake of the Stripe REST endpoints the adapter calls (customers, checkout and portal sessions,
 * subscriptions), so tests run the real SDK and adapter over HTTP (the SDK's host/port/protocol options, via
 * STRIPE_API_BASE). Idempotency keys behave as Stripe's: the same key answers the same object.
 */

export const FAKE_WEBHOOK_SECRET = 'whsec_test_fake_stripe_secret';
export const FAKE_PRICES = { monthly: 'price_fake_monthly', yearly: 'price_fake_yearly' } as const;

export interface FakeCall {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | null;
}

/** The fields of a Stripe subscription a test sets; the rest is filled in. */
export interface FakeSubscriptionInput {
  id?: string;
  customer: string;
  status: Stripe.Subscription.Status;
  price?: string;
  trial_end?: number | null;
  current_period_end?: number;
  cancel_at_period_end?: boolean;
  ended_at?: number | null;
  metadata?: Record<string, string>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

interface Reply {
  send(status: number, body: unknown): void;
  missing(what: string): void;
  remember(body: unknown): void;
}

/** Checkout sessions and subscriptions: true when the request was one of theirs (and answered). */
function objectRoutes(
  method: string,
  path: string,
  params: Record<string, string>,
  store: { checkoutSessions: Map<string, Record<string, unknown>>; subscriptions: Map<string, Stripe.Subscription> },
  reply: Reply,
): boolean {
  const { checkoutSessions, subscriptions } = store;
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    const sessionId = id('cs_test');
    const session = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      customer: params.customer ?? null,
      subscription: null,
      client_reference_id: params.client_reference_id ?? null,
      expires_at: Math.floor(Date.now() / 1000) + 86_400,
      url: `https://checkout.stripe.test/c/pay/${sessionId}`,
    };
    checkoutSessions.set(sessionId, session);
    reply.remember(session);
    return true;
  }
  const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
  if (method === 'GET' && sessionMatch) {
    const session = checkoutSessions.get(decodeURIComponent(sessionMatch[1]!));
    if (session) reply.send(200, session);
    else reply.missing(`checkout.session: '${sessionMatch[1]}'`);
    return true;
  }
  if (method === 'POST' && path === '/v1/billing_portal/sessions') {
    const sessionId = id('bps');
    reply.remember({
      id: sessionId,
      object: 'billing_portal.session',
      customer: params.customer,
      return_url: params.return_url,
      url: `https://billing.stripe.test/p/session/${sessionId}`,
    });
    return true;
  }
  const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
  if (method === 'GET' && subMatch) {
    const sub = subscriptions.get(decodeURIComponent(subMatch[1]!));
    if (sub) reply.send(200, sub);
    else reply.missing(`subscription: '${subMatch[1]}'`);
    return true;
  }
  if (method === 'POST' && subMatch) {
    const sub = subscriptions.get(decodeURIComponent(subMatch[1]!));
    if (!sub) {
      reply.missing(`subscription: '${subMatch[1]}'`);
      return true;
    }
    // `trial_end=now` ends the trial: the first period starts now and is paid (as with a card on file).
    if (params.trial_end === 'now') Object.assign(sub, { status: 'active', trial_end: Math.floor(Date.now() / 1000) });
    reply.remember(sub);
    return true;
  }
  return false;
}

export async function startFakeStripe() {
  const calls: FakeCall[] = [];
  const customers = new Map<string, { id: string; email: string }>();
  const subscriptions = new Map<string, Stripe.Subscription>();
  const checkoutSessions = new Map<string, Record<string, unknown>>();
  const idempotent = new Map<string, unknown>();
  let outage = false;
  /** Milliseconds each customer creation takes, so concurrent requests overlap. */
  let customerDelayMs = 0;

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  }
  const missing = (res: ServerResponse, what: string) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params = req.method === 'POST' ? await readForm(req) : Object.fromEntries(url.searchParams);
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      calls.push({ method: req.method ?? 'GET', path: url.pathname, params, idempotencyKey: key });
      if (outage) return send(res, 500, { error: { type: 'api_error', message: 'The fake is down' } });
      const cacheKey = key ? `${url.pathname}:${key}` : null;
      if (cacheKey && idempotent.has(cacheKey)) return send(res, 200, idempotent.get(cacheKey));
      const remember = (body: unknown) => {
        if (cacheKey) idempotent.set(cacheKey, body);
        send(res, 200, body);
      };

      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        if (customerDelayMs > 0) await new Promise((r) => setTimeout(r, customerDelayMs));
        if (cacheKey && idempotent.has(cacheKey)) return send(res, 200, idempotent.get(cacheKey));
        const customer = { id: id('cus'), object: 'customer', email: params.email ?? '', metadata: {} };
        customers.set(customer.id, { id: customer.id, email: customer.email });
        return remember(customer);
      }
      const reply: Reply = { send: (status, body) => send(res, status, body), missing: (what) => missing(res, what), remember };
      if (objectRoutes(req.method ?? 'GET', url.pathname, params, { checkoutSessions, subscriptions }, reply)) return;
      return send(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    })().catch((e: unknown) => send(res, 500, { error: { type: 'api_error', message: String(e) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    customers,
    /** The env that points the app's real Stripe adapter here. */
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: FAKE_PRICES.monthly,
      STRIPE_PRICE_YEARLY: FAKE_PRICES.yearly,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    } as Record<string, string>,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    /** Creates or replaces a subscription as Stripe holds it; returns the full object. */
    setSubscription(input: FakeSubscriptionInput): Stripe.Subscription {
      const subId = input.id ?? id('sub');
      const periodEnd = input.current_period_end ?? Math.floor(Date.now() / 1000) + 30 * 86_400;
      const sub = {
        id: subId,
        object: 'subscription',
        customer: input.customer,
        status: input.status,
        trial_end: input.trial_end ?? null,
        cancel_at_period_end: input.cancel_at_period_end ?? false,
        ended_at: input.ended_at ?? null,
        metadata: input.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              current_period_start: periodEnd - 30 * 86_400,
              current_period_end: periodEnd,
              price: { id: input.price ?? FAKE_PRICES.monthly, object: 'price' },
              quantity: 1,
            },
          ],
        },
      } as unknown as Stripe.Subscription;
      subscriptions.set(subId, sub);
      return sub;
    },
    removeSubscription: (subId: string) => subscriptions.delete(subId),
    /** The checkout sessions made through the API, by id. */
    checkoutSessions,
    /**
     * A checkout session as Stripe holds it once paid: complete, with its subscription (made here when not given).
     * Creates the session when `id` is new (a session opened outside the app).
     */
    completeCheckoutSession(input: { id?: string; customer: string; clientReferenceId?: string; subscription: string }) {
      const sessionId = input.id ?? id('cs_test');
      const session = {
        ...(checkoutSessions.get(sessionId) ?? { id: sessionId, object: 'checkout.session', mode: 'subscription' }),
        status: 'complete',
        customer: input.customer,
        subscription: input.subscription,
        client_reference_id: input.clientReferenceId ?? null,
      };
      checkoutSessions.set(sessionId, session);
      return session;
    },
    setOutage(down: boolean) {
      outage = down;
    },
    setCustomerDelay(ms: number) {
      customerDelayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A Stripe event as Stripe sends it, around `object`. */
export function stripeEvent(type: string, object: unknown, created = Math.floor(Date.now() / 1000)): { id: string; payload: string } {
  const eventId = id('evt');
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  return { id: eventId, payload };
}

/** The stripe-signature header for `payload`, signed with the SDK's own helper. */
export function signature(payload: string, opts: { secret?: string; timestamp: number }): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? FAKE_WEBHOOK_SECRET, timestamp: opts.timestamp });
}
