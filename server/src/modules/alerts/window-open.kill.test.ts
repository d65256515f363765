import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { windowOpensAt } from './alert-kinds/window-open';

/**
 * The window-open job killed (SIGKILL) on the local PostgreSQL (`npm run test:pg`): while the airline had the request
 * (nothing committed), and after the completion and its message were committed but before any sender ran. After a
 * restart exactly one message goes out, and the alert is completed once.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../../..');
const child = path.resolve(here, '../../test/window-open-child.ts');
const DATE = '2026-07-17';
const OPENS = windowOpensAt('DEN', 'MCO', DATE);
const NOW = new Date(OPENS.getTime() + 30_000).toISOString();

describe.skipIf(!adminUrl)('the window-open job killed mid-way', () => {
  const dbName = `gw_wkill_${randomBytes(5).toString('hex')}`;
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

  async function killAt(point: 'mid-check' | 'after-commit') {
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
        if (out.includes('no-match')) reject(new Error('the child found no GoWild'));
      });
      void exited.then((how) => reject(new Error(`the child ended (${how}) before ${point}: ${out}`)));
    });
    proc.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
  }

  async function restart(afterMs: number): Promise<{ deps: AppDeps; email: ReturnType<typeof recordingEmail> }> {
    const clock = manualClock(new Date(Date.parse(NOW) + afterMs));
    const email = recordingEmail();
    const airline = scriptedAirline();
    airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { go_wild: { total: 29, seats: 3 } })] }));
    const deps = await createAppDeps(testConfig({ DATABASE_URL: url }), database, {
      clock,
      email,
      jobs: noJobs,
      flights: airline.engine(clock),
    });
    return { deps, email };
  }

  async function newAlert(): Promise<string> {
    const user = await createUser({ database, clock: manualClock(new Date('2026-07-15T16:00:00Z')) }, { isPremium: true });
    const [row] = await database.db
      .insert(notifications)
      .values({
        userId: user.id,
        kind: 'window_open',
        originAirport: 'DEN',
        destinationAirport: 'MCO',
        travelDates: [DATE],
        gowildOnly: true,
        opensAt: OPENS,
      })
      .returning();
    return row!.id;
  }
  const messages = async (id: string) =>
    (await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.notificationId, id))).filter(
      (e) => e.kind === 'window_open',
    );

  for (const point of ['mid-check', 'after-commit'] as const) {
    it(`killed ${point === 'mid-check' ? 'while the airline had the request' : 'after the completion committed'}: one message after the restart`, async () => {
      const id = await newAlert();
      await killAt(point);
      const [before] = await database.db.select().from(notifications).where(eq(notifications.id, id));
      expect(before!.isCompleted).toBe(point === 'after-commit');
      expect(await messages(id)).toHaveLength(point === 'after-commit' ? 1 : 0);

      const { deps, email } = await restart(60_000);
      try {
        await deps.windowOpenChecker.run();
        await deps.alertMailer.idle();
        await deps.alertMailer.drain();
        await deps.windowOpenChecker.run();
        await deps.alertMailer.drain();
        expect(email.sent.filter((m) => m.subject.startsWith('GoWild is open'))).toHaveLength(1);
        expect(await messages(id)).toHaveLength(1);
        const [after] = await database.db.select().from(notifications).where(eq(notifications.id, id));
        expect(after).toMatchObject({
          isCompleted: true,
          windowResult: 'gowild',
          foundPriceCents: 2900,
          foundSeats: 3,
          notificationSent: true,
        });
      } finally {
        await disposeAppDeps(deps);
      }
    }, 120_000);
  }
});
