import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import type { AppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import type { FlightProvider } from '../../providers/flights/flights.provider';
import { buildAccountsTestApp, signInAs } from '../../test/factories';
import type { Caller, SearchOutcome, SearchTicket } from '../accounts/accounts.module';
import { createPremiumSearches } from '../premium-searches/premium-searches.module';
import { createFlightsEngine } from './flights.module';
import { type RunContext, type SearchRan, type SearchRunner, createSearchSession } from './search-session';

/** The one path of every paid search (decision 110): how it settles, logs and tracks, whatever the kind of search. */

const NOW = new Date('2026-04-01T12:00:00Z');
const caller: Caller = { userId: 'u1', email: 'u1@example.com', isPremium: false, isAdmin: false };

/** A ticket that records its settlements, as the gate's: the first settle takes effect, later ones do nothing. */
function recordingTicket() {
  const outcomes: SearchOutcome[] = [];
  const ticket: SearchTicket = {
    caller,
    settle: async (o) => {
      if (outcomes.length === 0) outcomes.push(o);
      return { charged: false };
    },
    cancel: async () => {},
  };
  return { ticket, outcomes };
}

const ran = (over: Partial<SearchRan<string>> = {}): SearchRan<string> => ({
  answer: 'answer',
  cutShort: false,
  end: 'complete',
  whole: { destinations: 3, checked: 3, failed: 0, resultsFound: 2, totalFlights: 5 },
  ...over,
});
const runner = (run: (ctx: RunContext) => Promise<SearchRan<string>>): SearchRunner<string> => ({
  subject: { origin: 'DEN', destination: null, date: '2026-04-02' },
  planned: 3,
  run,
});

describe('the search session', () => {
  it('settles a run that reached its end by its whole answer, and gives the runner who is searching', async () => {
    const session = createSearchSession({ stopping: new AbortController().signal });
    const { ticket, outcomes } = recordingTicket();
    let seen: RunContext | undefined;
    const end = await session.run(
      ticket,
      runner(async (ctx) => ((seen = ctx), ran())),
      { gone: new AbortController().signal },
    );
    expect(end).toEqual({ answer: 'answer', abandoned: false });
    expect(seen?.gatewayCaller).toEqual({ userId: 'u1', premium: false });
    expect(outcomes).toEqual([
      {
        origin: 'DEN',
        destination: null,
        date: '2026-04-02',
        end: 'complete',
        destinations: 3,
        checked: 3,
        failed: 0,
        resultsFound: 2,
        totalFlights: 5,
      },
    ]);
  });

  it('answers 503 UPSTREAM_FAILED once a run whose every airline query failed is logged as failed', async () => {
    const session = createSearchSession({ stopping: new AbortController().signal });
    const { ticket, outcomes } = recordingTicket();
    const failed = session.run(
      ticket,
      runner(async () => ran({ end: 'failed' })),
      { gone: new AbortController().signal },
    );
    await expect(failed).rejects.toMatchObject({ statusCode: 503, code: 'UPSTREAM_FAILED' });
    expect(outcomes.map((o) => o.end)).toEqual(['failed']);
  });

  it('settles a search its client left by what was sent before, and one cut short by a shutdown as interrupted (503)', async () => {
    const gone = new AbortController();
    const session = createSearchSession({ stopping: new AbortController().signal });
    const left = recordingTicket();
    const end = await session.run(
      left.ticket,
      runner(async (ctx) => {
        ctx.sent({ checked: 1, failed: 0, resultsFound: 1, totalFlights: 2 });
        gone.abort();
        return ran({ cutShort: true });
      }),
      { gone: gone.signal },
    );
    expect(end.abandoned).toBe(true);
    expect(left.outcomes).toMatchObject([{ end: 'abandoned', destinations: 3, checked: 1, resultsFound: 1, totalFlights: 2 }]);

    const stopping = new AbortController();
    const closing = createSearchSession({ stopping: stopping.signal });
    const cut = recordingTicket();
    const interrupted = closing.run(
      cut.ticket,
      runner(async (ctx) => {
        stopping.abort();
        expect(ctx.signal.aborted).toBe(true);
        return ran({ cutShort: true });
      }),
      { gone: new AbortController().signal },
    );
    await expect(interrupted).rejects.toMatchObject({ statusCode: 503, code: 'SERVER_RESTARTING' });
    expect(cut.outcomes).toMatchObject([{ end: 'interrupted', checked: 0, resultsFound: 0 }]);
  });

  it('logs a search that failed unexpectedly as failed and passes the error on; close waits for open searches', async () => {
    const session = createSearchSession({ stopping: new AbortController().signal });
    const { ticket, outcomes } = recordingTicket();
    let release = () => {};
    const bug = new Error('a bug in the runner');
    const failing = session.run(
      ticket,
      runner(() => new Promise((_resolve, reject) => (release = () => reject(bug)))),
      { gone: new AbortController().signal },
    );
    let closed = false;
    const close = session.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(closed).toBe(false);
    release();
    await expect(failing).rejects.toBe(bug);
    await close;
    expect(outcomes).toMatchObject([{ end: 'failed', destinations: 3, checked: 0, resultsFound: 0 }]);
    expect(bug).not.toBeInstanceOf(HttpError);
  });
});

describe('a hub search that fails unexpectedly', () => {
  let app: Awaited<ReturnType<typeof buildAccountsTestApp>>['app'];
  let deps: AppDeps;
  beforeAll(async () => {
    const provider: FlightProvider = { name: 'fake', demo: false, fetchFlights: async () => ({ kind: 'flights', flights: [] }) };
    const reference = { destinationsFrom: () => ['LAS'], originsTo: () => ['DEN'] };
    const engine = createFlightsEngine({ config: testConfig(), clock: manualClock(NOW), metrics: new Registry(), reference, provider });
    // A fault inside the hub search itself (not an airline failure, which the search answers as partial or failed).
    const searches = createPremiumSearches({ flights: engine, clock: manualClock(NOW), config: testConfig() });
    const premiumSearches = { ...searches, hub: { run: () => Promise.reject(new Error('hub search bug')) } };
    ({ app, deps } = await buildAccountsTestApp({ deps: { clock: manualClock(NOW), flights: engine, premiumSearches } }));
  }, 90_000);
  afterAll(async () => {
    await app.close();
  });

  it('answers 500 and leaves a search-log line that says failed, charging nothing (as a flight search does)', async () => {
    const { headers, user } = await signInAs(app, deps, 'premium');
    const res = await app.inject({ method: 'GET', url: '/api/flights/hub?origin=DEN&date=2026-04-08', headers });
    expect(res.statusCode).toBe(500);
    const logs = (await deps.database.db.query.searchLogs.findMany()).filter((l) => l.userId === user!.id);
    expect(logs).toMatchObject([{ searchType: 'hub', outcome: 'failed', charged: false, originAirport: 'DEN', resultsFound: 0 }]);
  });
});
