import { Redis } from 'ioredis';
import { type DependencyStatus, createDependencyStatus } from './dependency-status';

export interface RedisConnection {
  client: Redis;
  /** Up once the client is ready; down from the first refused, broken or timed-out connection until it is ready again. */
  status: DependencyStatus;
  /** Settles when the first connection succeeds or fails, or after the connect time-out: start-up waits this long at most. */
  settled: Promise<void>;
  close(): Promise<void>;
}

/**
 * The Redis client every shared piece uses, set up to degrade rather than hang or crash (decision 050): errors are
 * listened to (never an unhandled 'error' event, never a line per retry), it reconnects forever with a capped
 * back-off, and commands fail at once while it is not connected (no offline queue) or after `commandTimeoutMs`, so
 * the callers (rate limits, flight cache) fall back to this process's memory instead of holding a request.
 */
export function openRedis(url: string, opts: { connectTimeoutMs: number; commandTimeoutMs: number }): RedisConnection {
  const status = createDependencyStatus('redis');
  let closing = false;
  let lastError: unknown;
  const client = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: opts.connectTimeoutMs,
    commandTimeout: opts.commandTimeoutMs,
    retryStrategy: (times) => Math.min(100 * times, 2000),
  });
  let settle: () => void = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
    setTimeout(resolve, opts.connectTimeoutMs).unref();
  });
  client.on('ready', () => {
    lastError = undefined;
    status.markUp();
    settle();
  });
  client.on('error', (err: unknown) => {
    lastError = err;
    if (!closing && client.status !== 'ready') {
      status.markDown(err);
      settle();
    }
  });
  client.on('close', () => {
    if (closing) return;
    status.markDown(lastError ?? 'connection closed');
    settle();
  });
  return {
    client,
    status,
    settled,
    async close() {
      closing = true;
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
