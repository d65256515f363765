/**
 * The retry loop of a call that is not an outside service's (those go through the service client or the airline
 * gateway's retry stage): run `attempt`; while `done` does not accept its result, wait `delay(retry)` (retry 0 before
 * the second attempt) and run it again, `retries` times at most, then return the last result whatever it is. A throw
 * is not retried: the caller turns a failure worth another attempt into a result, so one it did not expect still
 * ends the loop at once. The delays are the caller's: `exponentialBackoff` for a service that is down, a short
 * random gap for processes racing each other, a fixed list for a bounded wait.
 */
export interface RetryLoopOptions<T> {
  /** Attempts after the first. */
  retries: number;
  /** The wait before retry number `retry` (0 for the first retry). */
  delay: (retry: number) => number;
  /** Whether a result ends the loop. */
  done: (result: T) => boolean;
  /** Injected for tests. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function retryLoop<T>(attempt: () => Promise<T>, opts: RetryLoopOptions<T>): Promise<T> {
  const sleep = opts.sleep ?? realSleep;
  for (let retry = 0; ; retry++) {
    const result = await attempt();
    if (retry >= opts.retries || opts.done(result)) return result;
    await sleep(opts.delay(retry));
  }
}
