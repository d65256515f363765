import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, todayUtc } from '@gowild/contract/dates';
import { ALERT_MESSAGES } from '@gowild/contract/notifications';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { alertDeliveries, notifications } from '../../db/schema';
import { type AppDeps, createAppDeps, disposeAppDeps } from '../../deps';
import type { JobRunner } from '../../jobs/job-runner';
import type { EmailProvider } from '../../providers/email/email.provider';
import { adminQuery } from '../../test/database';
import { TEST_PASSWORD, createUser, testPasswordHasher } from '../../test/factories';

/**
 * Alerts across two processes on one PostgreSQL database with one JWT secret (runs in `npm run test:pg`):
 * - the three-alert limit (docs/product/alerts.md): price alerts, "tell me when GoWild opens" alerts and the wider
 *   kinds (any destination, seats left) count together, and the limit holds however a user's creates are spread over the processes (the owner's row is locked
 *   in the creating transaction);
 * - the outbox (decision 205): two senders draining it at the same time deliver each message once.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const noJobs: JobRunner = { start: async () => {}, stop: async () => {} };

/** The mail server both processes send through: it notes each message and can hold every send until released. */
function heldMailServer() {
  const sent: string[] = [];
  let release: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();
  const provider: EmailProvider = {
    kind: 'outbox',
    async send(message) {
      await gate;
      // A little time in the send, as a real server takes: the other process's sender has the chance to race.
      await new Promise((r) => setTimeout(r, 5));
      sent.push(message.messageId ?? 'none');
    },
    close: async () => {},
  };
  return {
    provider,
    sent,
    hold() {
      gate = new Promise((r) => (release = r));
    },
    release: () => release(),
  };
}

interface Node {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
}

describe.skipIf(!adminUrl)('the alert limit across two API processes', () => {
  const dbName = `gw_alerts_scale_${randomBytes(5).toString('hex')}`;
  let dataDir: string;
  let a: Node;
  let b: Node;
  const mail = heldMailServer();

  async function node(): Promise<Node> {
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const config = testConfig({
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      JWT_SECRET: 'shared-secret-of-the-whole-cluster-0123456789',
      RATE_LIMIT_PER_MINUTE: '1000000',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    });
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    const deps = await createAppDeps(config, database, { passwordHasher: testPasswordHasher, jobs: noJobs, email: mail.provider });
    return { app: await buildApp(deps), deps, database };
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gw-alerts-scale-'));
    await adminQuery(adminUrl!, `create database ${dbName}`);
    a = await node();
    b = await node();
  }, 120_000);
  afterAll(async () => {
    for (const n of [a, b]) {
      if (!n) continue;
      await n.deps.alertMailer.idle();
      await n.app.close();
      await disposeAppDeps(n.deps);
      await n.database.close();
    }
    await adminQuery(adminUrl!, `drop database if exists ${dbName}`);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('12 creates of four kinds at the same instant, half on each process, make exactly 3 alerts (5 trials)', async () => {
    const today = todayUtc();
    // Routes from DEN, one per request, so no create is refused for repeating another.
    const destinations = a.deps.reference.destinationsFrom('DEN').slice(0, 12);
    expect(destinations).toHaveLength(12);
    for (let trial = 0; trial < 5; trial++) {
      const user = await createUser(a.deps, { isPremium: true });
      const login = await b.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
      const headers = { authorization: `Bearer ${login.json().token as string}` };
      const results = await Promise.all(
        destinations.map((destination, i) =>
          (i % 2 ? a : b).app.inject(
            [
              {
                method: 'POST' as const,
                url: '/api/notifications/window-open',
                headers,
                // Five days ahead: the domestic window (the day before) is still shut.
                payload: { origin_airport: 'DEN', destination_airport: destination, travel_date: addDays(today, 5) },
              },
              {
                method: 'POST' as const,
                url: '/api/notifications',
                headers,
                payload: { origin_airport: 'DEN', destination_airport: destination, travel_dates: [addDays(today, 20)], max_price: 49 },
              },
              // The wider kinds (decision 273) count toward the same limit.
              {
                method: 'POST' as const,
                url: '/api/notifications/seats',
                headers,
                payload: { origin_airport: 'DEN', destination_airport: destination, travel_date: addDays(today, 20), max_seats: 3 },
              },
              {
                method: 'POST' as const,
                url: '/api/notifications/origin-wide',
                headers,
                payload: { origin_airport: 'DEN', travel_date: addDays(today, 20 + (i % 7)) },
              },
            ][i % 4]!,
          ),
        ),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s === 201),
        `trial ${trial}: ${statuses.join(' ')}`,
      ).toHaveLength(3);
      const refused = results.filter((r) => r.statusCode !== 201);
      expect(refused.map((r) => r.statusCode)).toEqual(Array(9).fill(409));
      for (const r of refused) expect(r.json()).toMatchObject({ error: ALERT_MESSAGES.maxAlertsReached });
      const [held] = await a.deps.database.db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.isCompleted, false)));
      expect(held?.n).toBe(3);
    }
  }, 120_000);

  it('two processes draining the outbox at the same time deliver each message once (3 trials)', async () => {
    const today = todayUtc();
    const destinations = a.deps.reference.destinationsFrom('DEN');
    for (let trial = 0; trial < 3; trial++) {
      // Each create queues a confirmation and starts its process's sender, which waits at the mail server.
      mail.hold();
      for (let u = 0; u < 4; u++) {
        const user = await createUser(a.deps, { isPremium: true });
        const login = await a.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: TEST_PASSWORD },
        });
        const headers = { authorization: `Bearer ${login.json().token as string}` };
        for (let k = 0; k < 3; k++) {
          const res = await (k % 2 ? a : b).app.inject({
            method: 'POST',
            url: '/api/notifications',
            headers,
            payload: {
              origin_airport: 'DEN',
              destination_airport: destinations[k]!,
              travel_dates: [addDays(today, 30 + trial)],
              max_price: 49,
            },
          });
          expect(res.statusCode).toBe(201);
        }
      }
      // Both senders are at work on the same rows when the mail server lets them through.
      const drains = [a.deps.alertMailer.drain(), b.deps.alertMailer.drain()];
      mail.release();
      await Promise.all(drains);
      await Promise.all([a.deps.alertMailer.idle(), b.deps.alertMailer.idle()]);
      const rows = await a.deps.database.db
        .select({ id: alertDeliveries.id, deliveredAt: alertDeliveries.deliveredAt })
        .from(alertDeliveries);
      expect(rows.filter((r) => r.deliveredAt === null)).toEqual([]);
      expect(mail.sent, `trial ${trial}`).toHaveLength(rows.length);
      expect(new Set(mail.sent).size).toBe(rows.length);
    }
  }, 120_000);
});
