import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays } from '@gowild/contract/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { alertDeliveries, notifications } from '../../db/schema';
import { type AppDeps, createAppDeps, disposeAppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import { noJobs, recordingEmail, scriptedAirline, testFlight } from '../../test/alerts';
import { adminQuery } from '../../test/database';
import { createUser } from '../../test/factories';
import { EMAIL_LEASE_MS } from './alert-mailer';

/**
 * A checker process killed (SIGKILL) between the match and the e-mail, on the local PostgreSQL (`npm run test:pg`):
 * after a restart exactly one e-mail goes out. Two points: after the completion's transaction committed and before
 * any sender ran; and while a sender held the e-mail and the mail server had not answered.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../../..');
const child = path.resolve(here, '../../test/alert-checker-child.ts');
const NOW = '2026-07-15T16:00:00Z';

describe.skipIf(!adminUrl)('a checker killed between the match and the send', () => {
  const dbName = `gw_kill_${randomBytes(5).toString('hex')}`;
  let url: string;
  let database: Database;
  beforeAll(async () => {
    await adminQuery(adminUrl!, `create database ${dbName}`);
    const u = new URL(adminUrl!);
    u.pathname = `/${dbName}`;
    url = u.toString();
    database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await adminQuery(adminUrl!, `drop database if exists ${dbName} with (force)`);
  });

  /** Starts the child, waits for it to reach `point`, and kills it there. */
  async function killAt(point: 'after-commit' | 'mid-send') {
    const proc = spawn(process.execPath, ['--import', 'tsx', child], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: url, TEST_NOW: NOW, KILL_POINT: point },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? code)));
    await new Promise<void>((resolve, reject) => {
      let out = '';
      proc.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes(point)) resolve();
        if (out.includes('no-match')) reject(new Error('the child found no match'));
      });
      void exited.then((how) => reject(new Error(`the child ended (${how}) before ${point}: ${out}`)));
    });
    proc.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
  }

  /** The restarted process: the same database, a recording mail server, the clock `afterMs` past the kill. */
  async function restart(
    afterMs: number,
  ): Promise<{ deps: AppDeps; email: ReturnType<typeof recordingEmail>; clock: ReturnType<typeof manualClock> }> {
    const clock = manualClock(new Date(Date.parse(NOW) + afterMs));
    const email = recordingEmail();
    const airline = scriptedAirline();
    airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { standard: 50 })] }));
    const deps = await createAppDeps(testConfig({ DATABASE_URL: url }), database, {
      clock,
      email,
      jobs: noJobs,
      flights: airline.engine(clock),
    });
    return { deps, email, clock };
  }

  async function newAlert(): Promise<string> {
    const user = await createUser({ database, clock: manualClock(new Date(NOW)) }, { isPremium: true });
    const [row] = await database.db
      .insert(notifications)
      .values({
        userId: user.id,
        originAirport: 'DEN',
        destinationAirport: 'MCO',
        travelDates: [addDays('2026-07-15', 2)],
        maxPriceCents: 8000,
      })
      .returning();
    return row!.id;
  }
  const matchRow = async (id: string) =>
    (await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.notificationId, id))).find((e) => e.kind === 'match');

  it('after the completion committed: the restarted sender sends the one e-mail, and the next check adds none', async () => {
    const id = await newAlert();
    await killAt('after-commit');
    const [alert] = await database.db.select().from(notifications).where(eq(notifications.id, id));
    expect(alert).toMatchObject({ isCompleted: true, foundPriceCents: 5000, notificationSent: false });
    expect(await matchRow(id)).toMatchObject({ attempts: 0, deliveredAt: null });

    const { deps, email } = await restart(10 * 60_000);
    try {
      expect(await deps.alertMailer.drain()).toMatchObject({ sent: 1 });
      expect((await deps.alertChecker.run()).matches).toBe(0);
      await deps.alertMailer.idle();
      expect(await deps.alertMailer.drain()).toMatchObject({ sent: 0 });
      expect(email.sent.filter((m) => m.subject.startsWith('Fare found'))).toHaveLength(1);
      expect(await matchRow(id)).toMatchObject({ attempts: 1 });
    } finally {
      await disposeAppDeps(deps);
    }
  }, 120_000);

  it('while the mail server had the message: it is sent again once the dead sender stops beating, exactly once', async () => {
    const id = await newAlert();
    await killAt('mid-send');
    expect(await matchRow(id)).toMatchObject({ attempts: 1, deliveredAt: null });

    // A minute on: the e-mail is due, and its lease (two minutes from the send) has not run out on this clock.
    const { deps, email, clock } = await restart(60_000);
    try {
      // Free once the dead sender's heartbeat has lapsed (decision 247), though its lease has not run out on this clock.
      await expect.poll(() => deps.alertMailer.leftBehind(), { timeout: 30_000, interval: 500 }).toBe(true);
      expect(await deps.alertMailer.drain()).toMatchObject({ sent: 1 });
      clock.advance(EMAIL_LEASE_MS);
      expect(await deps.alertMailer.drain()).toMatchObject({ sent: 0 });
      expect(email.sent.filter((m) => m.subject.startsWith('Fare found'))).toHaveLength(1);
      const [alert] = await database.db.select().from(notifications).where(eq(notifications.id, id));
      expect(alert).toMatchObject({ isCompleted: true, notificationSent: true });
    } finally {
      await disposeAppDeps(deps);
    }
  }, 120_000);
});
