interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(err: unknown): void;
}

/**
 * Look-ups by key, batched (decision 065): one query at a time, for every key asked while the previous query ran. A
 * caller never shares a read that started before it asked, so what changed before it asked (a session revoked, a key
 * revoked, an account switched off) is always seen: the same guarantee as one query per caller, in one round trip for
 * many. Under load a batch holds every concurrent request; when idle a look-up waits only for the end of the current
 * turn of the event loop (the embedded database answers within the turn, so without that wait each request would have
 * a query of its own).
 */
export function createBatchedLookup<K, V>(fetchMany: (keys: K[]) => Promise<Map<K, V>>, opts: { maxBatch?: number } = {}) {
  const maxBatch = opts.maxBatch ?? 500;
  let waiting = new Map<K, Waiter<V>[]>();
  let running = false;

  async function runBatches(): Promise<void> {
    try {
      while (waiting.size > 0) {
        const batch = waiting;
        waiting = new Map();
        const keys = [...batch.keys()];
        for (let i = 0; i < keys.length; i += maxBatch) {
          const chunk = keys.slice(i, i + maxBatch);
          try {
            const found = await fetchMany(chunk);
            for (const key of chunk) for (const w of batch.get(key) ?? []) w.resolve(found.get(key));
          } catch (err) {
            for (const key of chunk) for (const w of batch.get(key) ?? []) w.reject(err);
          }
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    /** The value kept for `key` as of a read that started after this call, or undefined when there is none. */
    get(key: K): Promise<V | undefined> {
      return new Promise<V | undefined>((resolve, reject) => {
        const list = waiting.get(key);
        if (list) list.push({ resolve, reject });
        else waiting.set(key, [{ resolve, reject }]);
        if (!running) {
          running = true;
          setImmediate(() => void runBatches());
        }
      });
    },
  };
}
