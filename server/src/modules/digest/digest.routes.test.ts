import { addDays } from '@gowild/contract/dates';
import { DIGEST_MESSAGES, type DigestState } from '@gowild/contract/digest';
import { localDate } from '@gowild/contract/local-time';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestDeliveries, digestSettings, observedAnswers } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { JobRunner } from '../../jobs/job-runner';
import { manualClock } from '../../lib/clock';
import type { EmailMessage, EmailProvider } from '../../providers/email/email.provider';
import { type SignedIn, buildAccountsTestApp, logSearch, signInAs } from '../../test/factories';
import { nextSlot } from './digest-schedule';

/**
 * docs/product/digest.md through the API: the opt-in's rules (plan, origins, channels, hour, time zone), the digest a
 * run writes from the kept observations (ranked, linked, with the unsubscribe headers), once per period whatever
 * runs again, a failing channel retried until it recovers, and the one-click unsubscribe.
 */
const noJobs: JobRunner = { start: async () => {}, stop: async () => {} };
const clock = manualClock(new Date('2026-12-04T15:00:00Z'));

/** The mail server: keeps every message; `failNext` refuses that many sends first. */
const mail = {
  sent: [] as EmailMessage[],
  failNext: 0,
};
const provider: EmailProvider = {
  kind: 'outbox',
  async send(message) {
    if (mail.failNext > 0) {
      mail.failNext -= 1;
      throw new Error('421 try again later');
    }
    mail.sent.push(message);
  },
  close: async () => {},
};

let app: FastifyInstance;
let deps: AppDeps;
beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({ deps: { jobs: noJobs, clock, email: provider } }));
}, 120_000);
afterAll(async () => {
  await app.close();
});

const get = (who: SignedIn) => app.inject({ method: 'GET', url: '/api/digest', headers: who.headers });
const put = (who: SignedIn, payload: object) => app.inject({ method: 'PUT', url: '/api/digest', headers: who.headers, payload });
const weekly = {
  enabled: true,
  origins: ['DEN'],
  channels: ['email'],
  frequency: 'weekly',
  weekday: 5,
  local_hour: 8,
  time_zone: 'America/Denver',
};
const mailsTo = (email: string) => mail.sent.filter((m) => m.to === email);
/** Makes the traveller's digest due now, as if its hour had come. */
const makeDue = (userId: string) =>
  deps.database.db
    .update(digestSettings)
    .set({ nextDueAt: new Date(clock.now().getTime() - 60_000) })
    .where(eq(digestSettings.userId, userId));

/** A kept answer for a route and date, as the gateway would have written it. */
async function observe(origin: string, destination: string, date: string, goWild: { cents: number; seats: number } | null) {
  const now = clock.now();
  await deps.database.db
    .insert(observedAnswers)
    .values({
      origin,
      destination,
      travelDate: date,
      checkedAt: now,
      changedAt: now,
      answerHash: `${origin}${destination}${date}${goWild?.cents ?? 'none'}`,
      flights: [],
      flightCount: 1,
      goWildOffered: goWild !== null,
      lowestGoWildCents: goWild?.cents ?? null,
      lowestFareCents: 9900,
      goWildSeats: goWild?.seats ?? null,
    })
    .onConflictDoUpdate({
      target: [observedAnswers.origin, observedAnswers.travelDate, observedAnswers.destination],
      set: { goWildOffered: goWild !== null, lowestGoWildCents: goWild?.cents ?? null, goWildSeats: goWild?.seats ?? null, checkedAt: now },
    });
}

describe('the opt-in', () => {
  it('a visitor hears 401; a free traveller starts from the last searched origin, weekly by e-mail', async () => {
    const visitor = await signInAs(app, deps, 'visitor');
    const res = await get(visitor);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: DIGEST_MESSAGES.loginRequired });

    const free = await signInAs(app, deps, 'free');
    await logSearch(deps, {
      userId: free.user!.id,
      originAirport: 'MCO',
      destinationAirport: null,
      searchType: 'one_way',
      searchDate: null,
      resultsFound: 3,
      totalFlights: 9,
      createdAt: clock.now(),
    });
    const state = (await get(free)).json() as DigestState;
    expect(state).toMatchObject({
      settings: null,
      suggested_origins: ['MCO'],
      linked_channels: ['email'],
      plan: { premium: false, frequencies: ['weekly'], channels: ['email'] },
    });
  });

  it('refuses what the plan does not allow (403) and what is not valid (400), each with its message', async () => {
    const free = await signInAs(app, deps, 'free');
    const premium = await signInAs(app, deps, 'premium');
    const daily = await put(free, { ...weekly, frequency: 'daily' });
    expect(daily.statusCode).toBe(403);
    expect(daily.json()).toMatchObject({ error: DIGEST_MESSAGES.premiumDaily, code: 'PREMIUM_REQUIRED' });
    const chat = await put(free, { ...weekly, channels: ['email', 'telegram'] });
    expect(chat.statusCode).toBe(403);
    expect(chat.json()).toMatchObject({ error: DIGEST_MESSAGES.premiumChannels });

    const cases: [object, string][] = [
      [{ ...weekly, time_zone: 'Mars/Olympus' }, DIGEST_MESSAGES.timeZoneInvalid],
      [{ ...weekly, local_hour: 24 }, DIGEST_MESSAGES.hourInvalid],
      [{ ...weekly, weekday: 0 }, DIGEST_MESSAGES.weekdayInvalid],
      [{ ...weekly, origins: [] }, DIGEST_MESSAGES.originsInvalid],
      [{ ...weekly, origins: ['DEN', 'LAS', 'MCO', 'PHX', 'ATL', 'ORD'] }, DIGEST_MESSAGES.originsInvalid],
      [{ ...weekly, origins: ['D3N'] }, DIGEST_MESSAGES.originsInvalid],
      [{ ...weekly, channels: [] }, DIGEST_MESSAGES.channelsInvalid],
      [{ ...weekly, origins: ['ZZZ'] }, `ZZZ ${DIGEST_MESSAGES.originUnknown}`],
      [{ ...weekly, channels: ['email', 'discord'] }, `Discord ${DIGEST_MESSAGES.channelNotLinked}`],
    ];
    for (const [payload, message] of cases) {
      const res = await put(premium, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(payload)).toContain(message);
    }
    expect((await get(premium)).json().settings).toBeNull();
  });

  it('saves the opt-in with its next digest at the chosen hour of the chosen clock', async () => {
    const free = await signInAs(app, deps, 'free');
    const res = await put(free, { ...weekly, origins: ['den', 'DEN', 'las'] });
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json() as DigestState;
    expect(state.message).toBe(DIGEST_MESSAGES.saved);
    // Friday 2026-12-04 15:00 UTC is 08:00 in Denver: the next Friday 08:00 there is a week on.
    expect(state.settings).toMatchObject({
      enabled: true,
      origins: ['DEN', 'LAS'],
      frequency: 'weekly',
      weekday: 5,
      local_hour: 8,
      time_zone: 'America/Denver',
      next_due_at: '2026-12-11T15:00:00.000Z',
    });
    const off = await put(free, { ...weekly, enabled: false });
    expect((off.json() as DigestState).settings?.next_due_at).toBeNull();
    expect((off.json() as DigestState).message).toBe(DIGEST_MESSAGES.turnedOff);
  });
});

describe('the digest a run writes', () => {
  it('ranks tomorrow and the next window from the observations, links each search, and goes once per period', async () => {
    const premium = await signInAs(app, deps, 'premium');
    const tz = 'America/Denver';
    const tomorrow = addDays(localDate(clock.now(), tz), 1);
    const [a, b, c] = deps.reference.destinationsFrom('DEN').slice(0, 3) as [string, string, string];
    await observe('DEN', a, tomorrow, { cents: 1900, seats: 2 });
    await observe('DEN', b, tomorrow, { cents: 2900, seats: 9 });
    await observe('DEN', c, tomorrow, null);
    await observe('DEN', a, addDays(tomorrow, 1), { cents: 4900, seats: 4 });
    expect((await put(premium, { ...weekly, frequency: 'daily', time_zone: tz })).statusCode).toBe(200);
    await makeDue(premium.user!.id);

    const first = await deps.digest.run();
    expect(first).toMatchObject({ planned: 1, queued: 1, sent: 1 });
    const [email] = mailsTo(premium.user!.email);
    expect(email!.subject).toMatch(/^Daily GoWild digest: DEN · /);
    // The most seats first, then the cheaper; a destination seen without GoWild is not listed for tomorrow.
    const tomorrowPart = email!.text.split('Next window')[0]!;
    expect(tomorrowPart.indexOf(`(${b})`)).toBeGreaterThan(0);
    expect(tomorrowPart.indexOf(`(${b})`)).toBeLessThan(tomorrowPart.indexOf(`(${a})`));
    expect(tomorrowPart).not.toContain(`(${c})`);
    expect(tomorrowPart).toContain('9 seats');
    expect(email!.text).toContain(`/?origin=DEN&destination=${b}&date=${tomorrow}`);
    expect(email!.html).toContain(`/?origin=DEN&amp;destination=${b}&amp;date=${tomorrow}`);
    expect(email!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(email!.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/.+\/api\/digest\/unsubscribe\?token=.+>$/);

    // Run again now, and again after making it due in the same period: still one e-mail.
    expect(await deps.digest.run()).toMatchObject({ planned: 0, sent: 0 });
    await makeDue(premium.user!.id);
    expect(await deps.digest.run()).toMatchObject({ planned: 1, queued: 0, sent: 0 });
    expect(mailsTo(premium.user!.email)).toHaveLength(1);

    // The next day: the cheaper fare is a price drop, a newly offered route is new.
    clock.advance(24 * 3600_000);
    const nextTomorrow = addDays(tomorrow, 1);
    await observe('DEN', a, nextTomorrow, { cents: 900, seats: 3 });
    await observe('DEN', c, nextTomorrow, { cents: 3900, seats: 1 });
    await makeDue(premium.user!.id);
    expect(await deps.digest.run()).toMatchObject({ planned: 1, sent: 1 });
    const second = mailsTo(premium.user!.email)[1]!;
    expect(second.text).toContain(`New: DEN → ${c} $39`);
    expect(second.text).toContain(`Price drops: DEN → ${a} $19 → $9`);
  });

  it('says "nothing new" in a short message when the origins show nothing', async () => {
    const free = await signInAs(app, deps, 'free');
    expect((await put(free, { ...weekly, origins: ['MCO'] })).statusCode).toBe(200);
    await makeDue(free.user!.id);
    expect(await deps.digest.run()).toMatchObject({ planned: 1, nothingNew: 1, sent: 1 });
    const [email] = mailsTo(free.user!.email);
    expect(email!.subject).toBe('GoWild digest: nothing new from MCO');
    expect(email!.text).toContain(DIGEST_MESSAGES.nothingNew);
  });

  it('retries a failing mail server until it takes the digest, and sends it once', async () => {
    const free = await signInAs(app, deps, 'free');
    expect((await put(free, { ...weekly, origins: ['MCO'] })).statusCode).toBe(200);
    await makeDue(free.user!.id);
    mail.failNext = 2;
    expect(await deps.digest.run()).toMatchObject({ planned: 1, sent: 0, retrying: 1 });
    clock.advance(31_000);
    expect(await deps.digest.run()).toMatchObject({ sent: 0, retrying: 1 });
    clock.advance(61_000);
    expect(await deps.digest.run()).toMatchObject({ sent: 1 });
    clock.advance(3600_000);
    expect(await deps.digest.run()).toMatchObject({ sent: 0 });
    expect(mailsTo(free.user!.email)).toHaveLength(1);
    const [row] = await deps.database.db.select().from(digestDeliveries).where(eq(digestDeliveries.userId, free.user!.id));
    expect(row).toMatchObject({ attempts: 3, lastError: null });
    expect(row!.deliveredAt).not.toBeNull();
  });
});

describe('the delivery history', () => {
  it("lists the traveller's digests with their status, to them (any plan) and to admins, to no one else", async () => {
    const free = await signInAs(app, deps, 'free');
    expect((await put(free, { ...weekly, origins: ['MCO'] })).statusCode).toBe(200);
    await makeDue(free.user!.id);
    mail.failNext = 1;
    expect(await deps.digest.run()).toMatchObject({ planned: 1, retrying: 1 });
    const history = async (who: SignedIn) =>
      (await app.inject({ method: 'GET', url: '/api/digest/deliveries', headers: who.headers })).json().deliveries;
    expect(await history(free)).toEqual([
      expect.objectContaining({
        kind: 'digest',
        channel: 'email',
        target_label: free.user!.email,
        title: 'GoWild digest: nothing new from MCO',
        status: 'retrying',
        attempts: 1,
        last_error: '421 try again later',
      }),
    ]);
    clock.advance(31_000);
    expect(await deps.digest.run()).toMatchObject({ sent: 1 });
    const [done] = await history(free);
    expect(done).toMatchObject({ status: 'delivered', retries: 1, last_error: null, next_attempt_at: null });
    expect(done.period).toMatch(/^weekly:\d{4}-\d{2}-\d{2}$/);

    const admin = await signInAs(app, deps, 'admin');
    const asAdmin = await app.inject({ method: 'GET', url: `/api/admin/users/${free.user!.id}/digest-deliveries`, headers: admin.headers });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().deliveries).toEqual([done]);
    const other = await signInAs(app, deps, 'premium');
    expect(await history(other)).toEqual([]);
    const notAdmin = await app.inject({
      method: 'GET',
      url: `/api/admin/users/${free.user!.id}/digest-deliveries`,
      headers: other.headers,
    });
    expect(notAdmin.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/digest/deliveries' })).statusCode).toBe(401);
  });
});

describe('the one-click unsubscribe', () => {
  it("the e-mail's List-Unsubscribe address switches the digest off with one POST, no sign-in; a forged token is a 400", async () => {
    const free = await signInAs(app, deps, 'free');
    expect((await put(free, { ...weekly, origins: ['MCO'] })).statusCode).toBe(200);
    await makeDue(free.user!.id);
    await deps.digest.run();
    const header = mailsTo(free.user!.email)[0]!.headers!['List-Unsubscribe']!;
    const url = new URL(header.slice(1, -1));

    const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect((await get(free)).json().settings.enabled).toBe(true);

    const forged = await app.inject({
      method: 'POST',
      url: `${url.pathname}?token=${free.user!.id}.AAAA`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: DIGEST_MESSAGES.unsubscribeInvalid });
    // As many characters as a real signature, but not as many bytes: refused, not a 500.
    const wide = await app.inject({ method: 'POST', url: `${url.pathname}?token=${free.user!.id}.${encodeURIComponent('é'.repeat(43))}` });
    expect(wide.statusCode).toBe(400);

    const res = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: DIGEST_MESSAGES.unsubscribed });
    expect((await get(free)).json().settings).toMatchObject({ enabled: false, next_due_at: null });
  });
});

describe('npm run cli -- digest:run', () => {
  it('writes and sends the digests due at --at, and refuses an --at that is not an instant', async () => {
    const command = deps.modules.find((m) => m.name === 'digest')!.cli!['digest:run']!;
    await expect(command.run(['--at', 'tomorrow'], () => {})).rejects.toThrow('--at takes an ISO instant');
    const free = await signInAs(app, deps, 'free');
    expect((await put(free, { ...weekly, origins: ['MCO'] })).statusCode).toBe(200);
    // Its next slot, a week ahead: due at that instant, not now.
    const at = (await get(free)).json().settings.next_due_at as string;
    const lines: string[] = [];
    await command.run([], (l) => lines.push(l));
    expect(mailsTo(free.user!.email)).toHaveLength(0);
    await command.run(['--at', at], (l) => lines.push(l));
    // Every traveller due by then (those of the tests above too), this one among them.
    expect(lines.at(-1)).toMatch(
      /^digests written: \d+ travellers \(\d+ with nothing new\), \d+ deliveries queued; sent \d+, 0 to retry, 0 given up$/,
    );
    expect(mailsTo(free.user!.email)).toHaveLength(1);
  });
});

describe('the schedule', () => {
  it('a daily slot on a DST change day is still at the chosen local hour', () => {
    const t = { frequency: 'daily' as const, weekday: 1, localHour: 8, timeZone: 'America/New_York' };
    expect(nextSlot(t, new Date('2026-03-08T05:00:00Z'))).toMatchObject({
      period: 'daily:2026-03-08',
      at: new Date('2026-03-08T12:00:00Z'),
    });
    expect(nextSlot(t, new Date('2026-11-01T11:00:00Z'))).toMatchObject({
      period: 'daily:2026-11-01',
      at: new Date('2026-11-01T13:00:00Z'),
    });
  });
});
