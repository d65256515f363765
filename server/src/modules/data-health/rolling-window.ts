/** How one call to an outside service ended, as the data-health page counts it. */
export type CallOutcome = 'ok' | 'blocked' | 'throttled' | 'failed';

interface Bucket {
  /** The minute (ms since the epoch / 60 000) this bucket counts; a bucket of another minute is stale. */
  minute: number;
  ok: number;
  blocked: number;
  throttled: number;
  failed: number;
  /** Latencies of this minute's calls, at most `samplesPerMinute` (later ones replace earlier ones at random). */
  latencies: number[];
  seen: number;
}

export interface WindowSummary {
  successes: number;
  blocks: number;
  throttled: number;
  failures: number;
  p50: number | null;
  p95: number | null;
  /** When the newest successful call ended (ms since the epoch), or null. */
  lastOkAt: number | null;
}

const MINUTE = 60_000;

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? null;
}

/**
 * Calls of the last `minutes` minutes in one bucket per minute (a ring: a bucket is reused when its minute comes
 * round again), with a bounded sample of latencies per minute for p50 and p95. Memory is fixed: `minutes` buckets of
 * at most `samplesPerMinute` numbers, whatever the load. The newest success is kept apart, so its age is known even
 * after the hour has passed.
 */
export function createRollingWindow(opts: { now: () => number; minutes?: number; samplesPerMinute?: number; random?: () => number }) {
  const minutes = opts.minutes ?? 60;
  const cap = opts.samplesPerMinute ?? 120;
  const random = opts.random ?? Math.random;
  const ring: Bucket[] = [];
  let lastOkAt: number | null = null;

  function bucketFor(minute: number): Bucket {
    const slot = ((minute % minutes) + minutes) % minutes;
    let b = ring[slot];
    if (!b || b.minute !== minute) {
      b = { minute, ok: 0, blocked: 0, throttled: 0, failed: 0, latencies: [], seen: 0 };
      ring[slot] = b;
    }
    return b;
  }

  return {
    record(outcome: CallOutcome, ms: number) {
      const at = opts.now();
      const b = bucketFor(Math.floor(at / MINUTE));
      b[outcome] += 1;
      if (outcome === 'ok') lastOkAt = at;
      if (!Number.isFinite(ms) || ms < 0) return;
      // Reservoir sampling: every call of the minute has the same chance to be among the kept latencies.
      b.seen += 1;
      if (b.latencies.length < cap) b.latencies.push(ms);
      else {
        const j = Math.floor(random() * b.seen);
        if (j < cap) b.latencies[j] = ms;
      }
    },
    /** Marks a good answer that was not a timed call (a probe's success, say). */
    markOk(at = opts.now()) {
      lastOkAt = Math.max(lastOkAt ?? 0, at);
    },
    /** The last `minutes` minutes, the current one included. */
    summary(withinMinutes = minutes): WindowSummary {
      const current = Math.floor(opts.now() / MINUTE);
      const s = { successes: 0, blocks: 0, throttled: 0, failures: 0 };
      const latencies: number[] = [];
      for (const b of ring) {
        if (!b || b.minute > current || b.minute <= current - Math.min(withinMinutes, minutes)) continue;
        s.successes += b.ok;
        s.blocks += b.blocked;
        s.throttled += b.throttled;
        s.failures += b.failed;
        latencies.push(...b.latencies);
      }
      latencies.sort((a, b) => a - b);
      return { ...s, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), lastOkAt };
    },
  };
}
export type RollingWindow = ReturnType<typeof createRollingWindow>;
