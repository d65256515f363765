import type { ServiceMode, ServiceState, ServiceStatus, StatusResponse, StatusServiceId } from '@gowild/contract/status';
import type { Clock } from '../../lib/clock';
import type { DependencyStatus } from '../../lib/dependency-status';
import type { ServiceMonitor } from './service-monitor';
import type { WindowSummary } from './rolling-window';

export type BreakerReading = 'closed' | 'open' | 'half-open';

/** One service the page lists, as the composition root describes it. */
export interface MonitoredService {
  id: StatusServiceId;
  name: string;
  role: string;
  mode: ServiceMode;
  breaker?: () => BreakerReading;
  /** For the database and Redis: the client's own view of the connection. */
  connection?: DependencyStatus;
  /** The airline: FRONTIER_TRANSPORT. */
  transport?: string;
}

/** A cheap check of a connection (the database's `select 1`, Redis's PING), run at most every PROBE_EVERY_MS. */
export type Probe = () => Promise<void>;

const WINDOW_MINUTES = 60;
/** The state reads the last few minutes' calls, so a service that recovered is not shown down for an hour. */
const RECENT_MINUTES = 10;
export const PROBE_EVERY_MS = 10_000;
const PROBE_TIMEOUT_MS = 3000;

const OFFLINE_NOTES: Partial<Record<StatusServiceId, string>> = {
  airline: 'Offline default: flights come from the built-in airline emulator, not from Frontier.',
  hotels: 'Offline default: hotel offers are generated demo data; no hotel service is called.',
  cars: 'Offline default: rental-car offers are generated demo data; no car service is called.',
  weather: 'Offline default: forecasts are generated demo data; no weather service is called.',
  geo: 'Offline default: no location service is called; the nearest airport is not guessed.',
  email: 'Offline default: e-mails are written to files on the server, not delivered.',
  billing: 'Offline default: the demo checkout stands in for Stripe; no payment is taken.',
};

function stateOf(recent: WindowSummary, breaker: BreakerReading | undefined): ServiceState {
  if (breaker === 'open') return 'down';
  const total = recent.successes + recent.blocks + recent.throttled + recent.failures;
  if (total === 0) return breaker === 'half-open' ? 'degraded' : 'idle';
  const good = recent.successes / total;
  if (good >= 0.9 && breaker !== 'half-open') return 'up';
  return good >= 0.5 || breaker === 'half-open' ? 'degraded' : 'down';
}

function noteFor(s: MonitoredService, state: ServiceState): string {
  const offline = s.mode === 'live' ? undefined : OFFLINE_NOTES[s.id];
  const byState: Record<ServiceState, string> = {
    up: 'Answering normally.',
    degraded: 'Answering, with failures or refusals; results may be missing or older than usual.',
    down: s.breaker ? 'Not answering: requests are paused for a while and older data is shown where we have it.' : 'Not answering.',
    idle: 'Not asked in the last hour.',
  };
  return offline ? `${offline} ${byState[state]}` : byState[state];
}

const RANK: Record<ServiceState, number> = { idle: 0, up: 1, degraded: 2, down: 3 };

/**
 * Assembles the page from the monitor's windows, the breakers and the connection states: nothing here reads the
 * database or Redis per request. The answer is kept for `cacheMs` (one object for every request meanwhile); the
 * connection probes run in the background at most every PROBE_EVERY_MS, started by a request that finds them old.
 */
export function createStatusService(deps: {
  clock: Clock;
  monitor: ServiceMonitor;
  services: readonly MonitoredService[];
  probes: Partial<Record<StatusServiceId, Probe>>;
  cacheMs: number;
}) {
  const { clock, monitor } = deps;
  let kept: { at: number; answer: StatusResponse } | undefined;
  let probedAt = -Infinity;
  let probing: Promise<void> | undefined;

  async function probeOnce(id: StatusServiceId, probe: Probe) {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        probe(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer')), PROBE_TIMEOUT_MS);
        }),
      ]);
      monitor.record(id, 'ok', performance.now() - started);
    } catch {
      monitor.record(id, 'failed', performance.now() - started);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Starts the probes when the last ones are older than PROBE_EVERY_MS; one round at a time, never awaited by a request. */
  function probeIfDue() {
    const now = performance.now();
    if (probing || now - probedAt < PROBE_EVERY_MS) return;
    probedAt = now;
    probing = Promise.all(Object.entries(deps.probes).map(([id, probe]) => probeOnce(id as StatusServiceId, probe as Probe))).then(() => {
      probing = undefined;
    });
  }

  function describe(s: MonitoredService, nowMs: number): ServiceStatus {
    const window = monitor.windowOf(s.id);
    const hour = window.summary(WINDOW_MINUTES);
    const breaker = s.breaker?.();
    let state = stateOf(window.summary(RECENT_MINUTES), breaker);
    // A connection the client sees broken is down whatever the last probe said; one never probed yet is what it says.
    if (s.connection?.state() === 'down') state = 'down';
    else if (s.connection?.isUp() && state === 'idle') state = 'up';
    return {
      id: s.id,
      name: s.name,
      role: s.role,
      state,
      mode: s.mode,
      note: noteFor(s, state),
      newest_data_at: hour.lastOkAt === null ? null : new Date(hour.lastOkAt).toISOString(),
      newest_data_age_seconds: hour.lastOkAt === null ? null : Math.max(0, Math.floor((nowMs - hour.lastOkAt) / 1000)),
      last_hour: { successes: hour.successes, blocks: hour.blocks, throttled: hour.throttled, failures: hour.failures },
      breaker: breaker === undefined ? 'none' : breaker === 'half-open' ? 'half_open' : breaker,
      latency_ms: { p50: hour.p50 === null ? null : Math.round(hour.p50), p95: hour.p95 === null ? null : Math.round(hour.p95) },
      ...(s.transport ? { transport: s.transport } : {}),
      ...(s.id === 'airline' ? { pages_read: pagesRead() } : {}),
    };
  }

  /** The airline's results pages of the last hour and the share read (decision 244). */
  function pagesRead() {
    const { read, total } = monitor.pagesRead(WINDOW_MINUTES);
    return { read, total, share: total === 0 ? null : read / total };
  }

  return {
    /** The page's answer, kept for `cacheMs`. */
    status(): StatusResponse {
      probeIfDue();
      const nowMs = clock.now().getTime();
      if (kept && nowMs - kept.at < deps.cacheMs && nowMs >= kept.at) return kept.answer;
      const services = deps.services.map((s) => describe(s, nowMs));
      const overall = services
        .filter((s) => s.id === 'airline' || s.id === 'database')
        .reduce<ServiceState>((worst, s) => (RANK[s.state] > RANK[worst] ? s.state : worst), 'idle');
      const answer: StatusResponse = {
        generated_at: new Date(nowMs).toISOString(),
        scope: 'process',
        scope_note:
          'These figures are what the server process that answered has seen itself; with several processes each sees its own share of the traffic. The airline breaker is shared between them.',
        window_seconds: WINDOW_MINUTES * 60,
        overall,
        services,
      };
      kept = { at: nowMs, answer };
      return answer;
    },
    /** Waits for a probe round in progress (tests, shutdown). */
    async idle() {
      await probing;
    },
  };
}
export type StatusService = ReturnType<typeof createStatusService>;
