import { statusResponseSchema, unreadablePageBodyResponseSchema, unreadablePagesResponseSchema } from '@gowild/contract/status';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../../deps';
import { unreadablePages } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import type { EmailMessage, EmailProvider } from '../../providers/email/email.provider';
import { type SignedIn, buildAccountsTestApp, signInAs } from '../../test/factories';

const clock = manualClock(new Date('2026-07-15T12:00:00Z'));
const sent: EmailMessage[] = [];
const email: EmailProvider = {
  kind: 'outbox',
  send: async (m) => void sent.push(m),
  close: async () => {},
};
// Values that must never reach the public page.
const SECRETS = { RAPIDAPI_KEY: 'rapid-key-s3cr3t-value', SMTP_URL: 'smtp://mailer:smtp-pa55word@127.0.0.1:2525' };

let app: FastifyInstance;
let deps: AppDeps;
let admin: SignedIn;
let free: SignedIn;

const query = { origin: 'DEN', destination: 'MCO', date: '2026-07-16' };
const fetchOnce = () => deps.flights.provider.fetchFlights(query, new AbortController().signal);

beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({
    env: { ...SECRETS, STATUS_CACHE_MS: '1000', UNREADABLE_PAGE_MAX_BYTES: '2048' },
    deps: { clock, email },
  }));
  admin = await signInAs(app, deps, 'admin', { email: 'ops-admin@example.com' });
  free = await signInAs(app, deps, 'free', { email: 'private-traveller@example.com' });
});
afterAll(async () => {
  await app.close();
});

const status = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/status' });
  expect(res.statusCode).toBe(200);
  return { res, body: statusResponseSchema.parse(res.json()) };
};

describe('GET /api/status', () => {
  it('lists every outside service, honest about the offline defaults, for anyone', async () => {
    const { body } = await status();
    expect(body.scope).toBe('process');
    expect(body.services.map((s) => s.id)).toEqual(['airline', 'hotels', 'cars', 'weather', 'geo', 'email', 'billing', 'database']);
    const airline = body.services.find((s) => s.id === 'airline')!;
    expect(airline).toMatchObject({ mode: 'emulator', transport: 'direct', breaker: 'closed' });
    expect(airline.note).toMatch(/emulator/);
    // With RAPIDAPI_KEY set the hotel and car adapters are live; the weather and billing are the demo.
    expect(body.services.find((s) => s.id === 'hotels')!.mode).toBe('live');
    expect(body.services.find((s) => s.id === 'weather')!).toMatchObject({ mode: 'demo', breaker: 'none' });
    expect(body.services.find((s) => s.id === 'billing')!.note).toMatch(/no payment is taken/);
    // The test's e-mail provider is an outbox: the offline default.
    expect(body.services.find((s) => s.id === 'email')!.mode).toBe('demo');
  });

  it('counts airline answers over the last hour, with their latency and the newest answer’s age', async () => {
    clock.advance(5000);
    const before = (await status()).body.services.find((s) => s.id === 'airline')!;
    expect((await fetchOnce()).kind).toBe('flights');
    expect((await fetchOnce()).kind).toBe('flights');
    clock.advance(3000);
    const after = (await status()).body.services.find((s) => s.id === 'airline')!;
    expect(after.last_hour.successes).toBe(before.last_hour.successes + 2);
    expect(after.state).toBe('up');
    expect(after.newest_data_age_seconds).toBe(3);
    expect(after.latency_ms.p50).not.toBeNull();
    expect(after.latency_ms.p95).toBeGreaterThanOrEqual(after.latency_ms.p50!);
  });

  it("counts the airline's results pages read and not, on the page and in /metrics (decision 244)", async () => {
    const pagesRead = async () => (await status()).body.services.find((s) => s.id === 'airline')!.pages_read!;
    const counted = async () => {
      const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      const value = (outcome: string) =>
        Number(new RegExp(`^flight_airline_pages_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
      return { read: value('read'), unreadable: value('unreadable') };
    };
    clock.advance(5000);
    const before = await pagesRead();
    const metricsBefore = await counted();
    expect(Object.values(metricsBefore).every(Number.isInteger)).toBe(true);
    expect((await fetchOnce()).kind).toBe('flights');
    deps.flights.emulator!.setKnobs({ pageChangeRate: 1 });
    try {
      expect((await fetchOnce()).kind).toBe('page-changed');
    } finally {
      deps.flights.emulator!.setKnobs({ pageChangeRate: 0 });
    }
    clock.advance(5000);
    const after = await pagesRead();
    expect(after.read).toBe(before.read + 1);
    expect(after.total).toBe(before.total + 2);
    expect(after.share).toBeCloseTo(after.read / after.total);
    expect(await counted()).toEqual({ read: metricsBefore.read + 1, unreadable: metricsBefore.unreadable + 1 });
    // The page kept for the operator: the unreadable-pages tests below count from none.
    await deps.dataHealth.pages.flush();
    await deps.database.db.delete(unreadablePages);
  });

  it('shows the database up from its connection, without asking it per request', async () => {
    clock.advance(5000);
    const { body } = await status();
    expect(body.services.find((s) => s.id === 'database')!.state).toBe('up');
  });

  it('carries no secret and no user data', async () => {
    clock.advance(5000);
    const { res } = await status();
    for (const secret of [...Object.values(SECRETS), 'smtp-pa55word', 'mailer']) expect(res.body).not.toContain(secret);
    for (const address of ['ops-admin@example.com', 'private-traveller@example.com', '@example.com'])
      expect(res.body).not.toContain(address);
    expect(res.body).not.toMatch(/127\.0\.0\.1|localhost|DEN-MCO|2026-07-16/);
  });

  it('serves 200 concurrent requests from one kept answer, without touching the database per request', async () => {
    clock.advance(5000);
    await status(); // the probes this one starts are the only database use in this second
    await deps.dataHealth.status.idle();
    const ping = vi.spyOn(deps.database, 'ping');
    const select = vi.spyOn(deps.database.db, 'select');
    const execute = vi.spyOn(deps.database.db, 'execute');
    const answers = await Promise.all(Array.from({ length: 200 }, () => app.inject({ method: 'GET', url: '/api/status' })));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((r) => r.json<{ generated_at: string }>().generated_at)).size).toBe(1);
    expect(ping).not.toHaveBeenCalled();
    expect(select).not.toHaveBeenCalled();
    expect(execute).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('is in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(res.json<{ paths: Record<string, unknown> }>().paths)).toContain('/api/status');
  });
});

describe('unreadable airline pages', () => {
  it('keeps the raw body of a page the adapter cannot read, cut at the size cap', async () => {
    deps.flights.emulator!.setKnobs({ pageChangeRate: 1 });
    try {
      expect((await fetchOnce()).kind).toBe('page-changed');
    } finally {
      deps.flights.emulator!.setKnobs({ pageChangeRate: 0 });
    }
    await deps.dataHealth.pages.flush();
    const rows = await deps.database.db.select().from(unreadablePages);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.status).toBe(200);
    expect(row.contentType).toMatch(/text\/html/);
    expect(row.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(Buffer.byteLength(row.body)).toBeLessThanOrEqual(2048);
    expect(row.truncated).toBe(row.bytes > 2048);
    expect(row.reason.length).toBeGreaterThan(0);
  });

  it('lists them for admins only (401 visitor, 403 traveller), bodies one at a time as text', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/unreadable-pages' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/admin/unreadable-pages', headers: free.headers })).statusCode).toBe(403);
    const list = await app.inject({ method: 'GET', url: '/api/admin/unreadable-pages', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const body = unreadablePagesResponseSchema.parse(list.json());
    expect(body.pagination.total).toBe(1);
    expect(body.kept_days).toBe(7);
    expect(body.pages[0]).not.toHaveProperty('body');
    const id = body.pages[0]!.id;
    expect((await app.inject({ method: 'GET', url: `/api/admin/unreadable-pages/${id}`, headers: free.headers })).statusCode).toBe(403);
    const one = await app.inject({ method: 'GET', url: `/api/admin/unreadable-pages/${id}`, headers: admin.headers });
    expect(one.statusCode).toBe(200);
    expect(unreadablePageBodyResponseSchema.parse(one.json()).page.body).toMatch(/<html|<!DOCTYPE/i);
    const missing = await app.inject({
      method: 'GET',
      url: '/api/admin/unreadable-pages/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await app.inject({ method: 'GET', url: '/api/admin/unreadable-pages/not-an-id', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('e-mails the admins once an hour at most while pages keep coming', async () => {
    const pages = deps.dataHealth.pages;
    const keep = () =>
      pages.keep({
        url: 'https://example.test/Flight/Select',
        status: 200,
        contentType: 'text/html',
        body: '<p>x</p>',
        reason: 'FlightData missing',
      });
    sent.length = 0;
    expect(await pages.notify()).toBe('sent');
    expect(sent.map((m) => m.to)).toEqual(['ops-admin@example.com']);
    expect(sent[0]!.subject).toMatch(/1 airline page could not be read/);
    expect(sent[0]!.text).not.toContain('<html');
    clock.advance(60_000);
    keep();
    await pages.flush();
    expect(await pages.notify()).toBe('too-soon');
    clock.advance(30 * 60_000);
    keep();
    await pages.flush();
    expect(await pages.notify()).toBe('too-soon');
    expect(sent).toHaveLength(1);
    clock.advance(30 * 60_000);
    expect(await pages.notify()).toBe('sent');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toMatch(/2 airline pages could not be read/);
    clock.advance(2 * 3_600_000);
    expect(await pages.notify()).toBe('nothing-new');
    expect(sent).toHaveLength(2);
  });

  it('prunes pages past the kept days', async () => {
    clock.advance(8 * 24 * 3_600_000);
    expect(await deps.dataHealth.pages.prune()).toBe(3);
    expect(await deps.database.db.select().from(unreadablePages)).toHaveLength(0);
  });
});
