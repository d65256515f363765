import { createSemaphore } from '../../../lib/upstream/semaphore';
import type { Send } from '../gateway-types';
import type { SharedUpstream } from '../shared-upstream';

/** How long a traveller's request marks travellers as searching, here and in every process (decision 252). */
export const TRAVELLERS_MARK_MS = 1000;
/** At most this often a process writes its mark to the shared state, and reads every process's. */
const SHARED_EVERY_MS = 250;

/**
 * Background work yields to travellers in every process (decision 252). Each process has its own slots and pacer,
 * so a sweep on the worker does not wait in the API processes' fair queue: while travellers ask the airline anywhere
 * (a mark in the shared state, renewed by their requests), background requests here go a tenth of the slots at a
 * time, leaving the airline (and this machine) to the travellers; a second after the last traveller's request they
 * go at full width again. Without shared state it holds for this process's own travellers.
 */
export function travellerFirst(opts: {
  concurrency: number;
  shared?: Pick<SharedUpstream, 'noteTravellers' | 'travellersSearching'>;
  monotonic: () => number;
}) {
  const { shared, monotonic } = opts;
  const narrow = createSemaphore(Math.max(1, Math.floor(opts.concurrency / 10)));
  let travellerAt = -Infinity;
  let notedAt = -Infinity;
  let read: { at: number; searching: Promise<boolean> } | undefined;

  const noteTraveller = () => {
    const t = monotonic();
    travellerAt = t;
    if (!shared || t - notedAt < SHARED_EVERY_MS) return;
    notedAt = t;
    // Never in the traveller's way: the mark is written off their path, and a failed write is a missed mark.
    void shared.noteTravellers(TRAVELLERS_MARK_MS).catch(() => {});
  };

  /** Travellers here in the last second, or (read at most every 250 ms) in any process. */
  const travellersSearching = (): Promise<boolean> => {
    const t = monotonic();
    if (t - travellerAt < TRAVELLERS_MARK_MS) return Promise.resolve(true);
    if (!shared) return Promise.resolve(false);
    if (!read || t - read.at >= SHARED_EVERY_MS) {
      read = {
        at: t,
        searching: shared.travellersSearching().then(
          (s) => s ?? false,
          () => false,
        ),
      };
    }
    return read.searching;
  };

  return {
    /** The stage, around the fair queue: travellers mark themselves; background work narrows while they search. */
    stage(next: Send): Send {
      return async (req, probe) => {
        if (req.lane !== 'background') {
          noteTraveller();
          return next(req, probe);
        }
        if (!(await travellersSearching())) return next(req, probe);
        await narrow.acquire();
        try {
          return await next(req, probe);
        } finally {
          narrow.release();
        }
      };
    },
  };
}
