import type { Semaphore } from '../../../lib/upstream/semaphore';
import type { Send } from '../gateway-types';

/**
 * The fair-queue stage (decision 116): a request holds one of the airline's concurrency slots while it runs, and
 * waits for it in its caller's turn: round-robin per user, travellers before background work. The slots' gate is
 * the pace's next start, so a request that has its turn starts at once instead of queueing again behind the pacer.
 */
export function fairQueueStage(next: Send, slots: Semaphore): Send {
  return async (req, probe) => {
    const owner = req.caller?.userId ?? '';
    await slots.acquire(owner, req.lane);
    try {
      return await next(req, probe);
    } finally {
      slots.release(owner);
    }
  };
}
