import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { utcToLocalIso } from '@gowild/contract/local-time';
import { count, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { digestDeliveries, digestSettings } from '../../db/schema';
import { type AppDeps, createAppDeps, disposeAppDeps } from '../../deps';
import type { JobRunner } from '../../jobs/job-runner';
import type { EmailProvider } from '../../providers/email/email.provider';
import { adminQuery } from '../../test/database';
import { createUser, testPasswordHasher } from '../../test/factories';

/**
 * The digest across processes on one PostgreSQL database (runs in `npm run test:pg`; decision 271): two workers
 * running the digests due at the same instant, again and again, and a third started afterwards (a restart), send
 * each traveller's digest of the period exactly once, and a mail server that fails for a while gets every digest
 * once it recovers, none twice.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const noJobs: JobRunner = { start: async () => {}, stop: async () => {} };
const TRAVELLERS = 120;

/** The mail server every process sends through: each message's recipient, and a switch to refuse for a while. */
function mailServer() {
  const sent: string[] = [];
  let down = false;
  const provider: EmailProvider = {
    kind: 'outbox',
    async send(message) {
      // A little time in the send, as a real server takes: the other process has the chance to race.
      await new Promise((r) => setTimeout(r, 2));
      if (down) throw new Error('421 service not available');
      sent.push(message.to);
    },
    close: async () => {},
  };
  return { provider, sent, setDown: (v: boolean) => void (down = v) };
}

interface Node {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
}

describe.skipIf(!adminUrl)('the digest across two workers and a restart', () => {
  const dbName = `gw_digest_scale_${randomBytes(5).toString('hex')}`;
  let dataDir: string;
  const nodes: Node[] = [];
  const mail = mailServer();

  async function node(): Promise<Node> {
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const config = testConfig({
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      JWT_SECRET: 'shared-secret-of-the-whole-cluster-0123456789',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    });
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    const deps = await createAppDeps(config, database, { passwordHasher: testPasswordHasher, jobs: noJobs, email: mail.provider });
    const n = { app: await buildApp(deps), deps, database };
    nodes.push(n);
    return n;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gw-digest-scale-'));
    await adminQuery(adminUrl!, `create database ${dbName}`);
  }, 120_000);
  afterAll(async () => {
    for (const n of nodes) {
      await n.app.close();
      await disposeAppDeps(n.deps);
      await n.database.close();
    }
    await adminQuery(adminUrl!, `drop database if exists ${dbName}`);
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Travellers whose digest is due a minute ago, half daily (premium) and half weekly. */
  async function optIn(n: Node, travellers: number, tag: string): Promise<string[]> {
    const emails: string[] = [];
    const due = new Date(Date.now() - 60_000);
    for (let i = 0; i < travellers; i++) {
      const premium = i % 2 === 0;
      const timeZone = ['America/Denver', 'America/New_York', 'Europe/London', 'Asia/Tokyo'][i % 4]!;
      const user = await createUser(n.deps, { email: `digest-${tag}-${i}@example.com`, isPremium: premium });
      emails.push(user.email);
      await n.database.db.insert(digestSettings).values({
        userId: user.id,
        origins: ['DEN'],
        channels: ['email'],
        frequency: premium ? 'daily' : 'weekly',
        weekday: 1 + (i % 7),
        // Twelve hours from the local hour now: no slot starts while the test runs, so every run names the same period.
        localHour: (Number(utcToLocalIso(Date.now(), timeZone).slice(11, 13)) + 12) % 24,
        timeZone,
        nextDueAt: due,
      });
    }
    return emails;
  }

  it('two workers running at the same instant, three times each, then a restarted one: each traveller once', async () => {
    const a = await node();
    const b = await node();
    const emails = await optIn(a, TRAVELLERS, 'race');
    const reports = await Promise.all([a, b, a, b, a, b].map((n) => n.deps.digest.run()));
    expect(reports.reduce((s, r) => s + r.planned, 0)).toBe(TRAVELLERS);

    // A restart that finds every opt-in due again in the same period (as if the moves to the next slot were lost):
    // the period's rows exist, so nothing is queued or sent again.
    const c = await node();
    await c.database.db.update(digestSettings).set({ nextDueAt: new Date(Date.now() - 60_000) });
    const again = await Promise.all([c, a, b].map((n) => n.deps.digest.run()));
    expect(again.reduce((s, r) => s + r.planned, 0)).toBe(TRAVELLERS);
    expect(again.reduce((s, r) => s + r.queued + r.sent, 0)).toBe(0);
    const mine = mail.sent.filter((to) => to.startsWith('digest-race-'));
    expect(mine).toHaveLength(TRAVELLERS);
    expect(new Set(mine)).toEqual(new Set(emails));
    const [delivered] = await a.database.db.select({ n: count() }).from(digestDeliveries).where(isNotNull(digestDeliveries.deliveredAt));
    expect(delivered?.n).toBe(TRAVELLERS);
  }, 180_000);

  it('a mail server down while both workers run gets every digest once it is back, none twice', async () => {
    const [a, b] = nodes as [Node, Node];
    const emails = await optIn(a, 30, 'outage');
    mail.setDown(true);
    const down = await Promise.all([a.deps.digest.run(), b.deps.digest.run()]);
    expect(down.reduce((s, r) => s + r.retrying, 0)).toBe(30);
    mail.setDown(false);
    // Every row is due again in 30 s: the retries are made due now, as the clock would.
    await a.database.db.update(digestDeliveries).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    await Promise.all([a.deps.digest.run(), b.deps.digest.run(), a.deps.digest.run()]);
    const mine = mail.sent.filter((to) => to.startsWith('digest-outage-'));
    expect(mine).toHaveLength(30);
    expect(new Set(mine)).toEqual(new Set(emails));
  }, 180_000);
});
