/**
 * Whether failures come together (decision 162): the outcomes of the last `size` attempts, failed or not. Independent
 * failures (a 5xx here and there, a hang) are worth retrying at once; when most recent attempts fail, the service is
 * failing as a whole and retries back off. With fewer than `minSamples` outcomes known, failures count as independent.
 */
export function createFailureWindow(size = 20, minSamples = 10) {
  /** Each outcome: 0 a success, 1 a failure, 2 a failure known early (an attempt cut before its answer, decision 220). */
  const outcomes: (0 | 1 | 2)[] = [];
  let failed = 0;
  let early = 0;
  return {
    /** One attempt's outcome: `true` when it failed; `early` when the failure was known before answers usually come. */
    record(failure: boolean, isEarly = false) {
      const o = failure ? (isEarly ? 2 : 1) : 0;
      outcomes.push(o);
      if (o > 0) failed++;
      if (o === 2) early++;
      if (outcomes.length > size) {
        const gone = outcomes.shift();
        if (gone) failed--;
        if (gone === 2) early--;
      }
    },
    /**
     * At least half of the recent attempts failed. `going` (default 0): attempts still under way whose service has
     * begun answering. Failures known early (cuts) show before the answers of the attempts that started with them, so
     * as many of those attempts as there are early failures count with the successes (decision 220): a burst of cuts
     * is not the service failing as a whole, while time-outs (our own slowness, a service in trouble) still are.
     */
    together: (going = 0) => outcomes.length >= minSamples && failed * 2 >= outcomes.length + Math.min(Math.max(0, going), early),
  };
}
