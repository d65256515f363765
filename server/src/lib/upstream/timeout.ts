/** How one attempt under a time limit ended: its value, the time limit, one of the caller's signals, or its own error. */
export type TimedOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; cause: 'timeout' }
  | { ok: false; cause: 'aborted'; error: unknown }
  | { ok: false; cause: 'error'; error: unknown };

/**
 * The time-out policy: runs `work` with a signal that aborts after `ms` or when any of `signals` fires (a cancelled
 * hedge, the app-wide shutdown). The time-out answers at `ms` even if the work ignores its signal, so a hung
 * connection never holds the caller longer than the limit.
 */
export async function withTimeout<T>(
  work: (signal: AbortSignal) => Promise<T>,
  ms: number,
  signals: readonly (AbortSignal | undefined)[] = [],
): Promise<TimedOutcome<T>> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  const watched = signals.filter((s): s is AbortSignal => s !== undefined);
  for (const s of watched) s.addEventListener('abort', onAbort, { once: true });
  if (watched.some((s) => s.aborted)) controller.abort();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<{ ok: false; cause: 'timeout' }>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ ok: false, cause: 'timeout' });
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal).then((value) => ({ ok: true as const, value })), timedOut]);
  } catch (error) {
    // Aborted by us: by the timer (the race has its answer already) or by a caller's signal.
    if (!controller.signal.aborted) return { ok: false, cause: 'error', error };
    return watched.some((s) => s.aborted) ? { ok: false, cause: 'aborted', error } : { ok: false, cause: 'timeout' };
  } finally {
    clearTimeout(timer);
    for (const s of watched) s.removeEventListener('abort', onAbort);
  }
}
