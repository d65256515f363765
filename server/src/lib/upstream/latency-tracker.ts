/**
 * The airline's recent answer times, for the hedge delay (decision 059): a ring of the last `size` answers, and
 * their 95th percentile, recomputed at most every `every` new samples (a search times ~140 answers).
 */
export function createLatencyTracker(size = 256, every = 8) {
  const ring: number[] = [];
  let next = 0;
  let added = 0;
  let cached: number | undefined;
  let cachedAt = -1;
  return {
    add(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) return;
      if (ring.length < size) ring.push(ms);
      else ring[next] = ms;
      next = (next + 1) % size;
      added++;
    },
    /** The 95th percentile of the samples kept, or undefined below `minSamples`. */
    p95(minSamples = 1): number | undefined {
      if (ring.length < Math.max(1, minSamples)) return undefined;
      if (cached === undefined || added - cachedAt >= every) {
        const sorted = [...ring].sort((a, b) => a - b);
        cached = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
        cachedAt = added;
      }
      return cached;
    },
  };
}
export type LatencyTracker = ReturnType<typeof createLatencyTracker>;
