/** Whose work a request is: travellers waiting on a page come before background work (the alert checker). */
export type Lane = 'traveller' | 'background';

export interface SemaphoreOptions {
  /**
   * Every ordinary grant waits for this first (the gateway's request pacer: its next start), so requests wait here,
   * in fair order, rather than in a first-come queue behind it. `heavy`: the request's owner holds more slots than
   * another owner in the queue, or is in a sustained burst (`sustainedUse`), so it should leave the pacer's reserve
   * to others (decision 161).
   */
  gate?: (heavy: boolean) => Promise<void>;
  /**
   * Recent use (slots granted, decaying with a time constant of `USE_DECAY_MS`) at which an owner is heavy even
   * alone: its grants leave the gate's reserve for whoever comes next (decision 161). Default: never.
   */
  sustainedUse?: number;
  /** Monotonic milliseconds, for the decay of recent use (injected by tests). */
  now?: () => number;
}

/** How fast an owner's recent use fades: e^-1 of it is left after this long (decision 161). */
export const USE_DECAY_MS = 2000;

/** Each owner's recent use: slots granted, decayed by e^(-age / USE_DECAY_MS) (decision 161). */
function recentUse(now: () => number) {
  const used = new Map<string, { n: number; at: number }>();
  const useOf = (owner: string, t = now()) => {
    const u = used.get(owner);
    return u ? u.n * Math.exp(-(t - u.at) / USE_DECAY_MS) : 0;
  };
  const noteUse = (owner: string) => {
    const t = now();
    const n = useOf(owner, t) + 1;
    // Forget owners whose use has faded to nothing (the map would otherwise keep every user ever seen).
    if (used.size > 1000) for (const [o] of used) if (useOf(o, t) < 0.01) used.delete(o);
    used.set(owner, { n, at: t });
  };
  return { useOf, noteUse };
}

/**
 * The concurrency limit: at most `limit` holders at once (for the airline, requests in flight across all
 * searches), served fairly (decisions 116, 161). Waiters queue per owner (a user) and per lane; a released slot goes
 * to the waiting owner with the least recent use (slots granted in the last seconds, fading), round-robin among
 * equals, so one user's burst waits behind everyone else's searches instead of in front of them, and background work
 * waits until no traveller does. With one owner it is first come, first served. Spare-capacity waiters (hedged requests, decision 059) are served only when no ordinary waiter is left,
 * and may give up.
 */
export function createSemaphore(limit: number, opts: SemaphoreOptions = {}) {
  let active = 0;
  let queued = 0;
  /** Per lane, the owners with waiters in turn order (a Map keeps insertion order), each with its waiters in arrival order. */
  const lanes: Record<Lane, Map<string, (() => void)[]>> = { traveller: new Map(), background: new Map() };
  const spare: (() => void)[] = [];
  let dispatching = false;
  /** Slots a heavy owner (holding more than another owner in the queue) leaves free for the others. */
  const reserveSlots = Math.floor(limit / 2);
  const now = opts.now ?? (() => performance.now());
  const { useOf, noteUse } = recentUse(now);

  /** Slots each owner holds now. */
  const holding = new Map<string, number>();
  const hold = (owner: string, n: number) => {
    const h = (holding.get(owner) ?? 0) + n;
    if (h > 0) holding.set(owner, h);
    else holding.delete(owner);
  };

  /**
   * The next ordinary waiter: in the first lane with waiters, the owner with the least recent use (so a user
   * arriving during another's burst goes first for the whole of their search, not only until they hold as many
   * slots), the longest waiting of equals; served, it goes to the back. `heavy` also when the owner is in a
   * sustained burst alone, so the gate keeps its reserve for the next arrival (decision 161).
   */
  const nextWaiter = (): { grant: () => void; heavy: boolean } | 'hold' | undefined => {
    const t = now();
    for (const lane of [lanes.traveller, lanes.background]) {
      let chosen: string | undefined;
      let least = Infinity;
      for (const owner of lane.keys()) {
        const use = useOf(owner, t);
        if (use < least) [chosen, least] = [owner, use];
      }
      if (chosen === undefined) continue;
      const heavy = isHeavy(chosen, t);
      // The last half of the slots is kept for the lighter users while a heavier one would take them.
      if (heavy && limit - active < reserveSlots) return 'hold';
      const waiters = lane.get(chosen) ?? [];
      const grant = waiters.shift();
      lane.delete(chosen);
      if (waiters.length > 0) lane.set(chosen, waiters);
      hold(chosen, 1);
      noteUse(chosen);
      queued--;
      return grant && { grant, heavy: heavy || least >= (opts.sustainedUse ?? Infinity) };
    }
    return undefined;
  };

  /** Whether `owner` has more recent use than another owner that holds or waits for a slot (decision 161). */
  const isHeavy = (owner: string, t = now()) => {
    const mine = useOf(owner, t);
    if (mine === 0) return false;
    for (const other of holding.keys()) if (other !== owner && useOf(other, t) < mine) return true;
    for (const lane of [lanes.traveller, lanes.background])
      for (const other of lane.keys()) if (other !== owner && useOf(other, t) < mine) return true;
    return false;
  };

  /** Hands free slots out: ordinary waiters first (each after the gate), then spare-capacity ones. */
  async function dispatch() {
    if (dispatching) return;
    dispatching = true;
    try {
      while (active < limit && queued > 0) {
        const next = nextWaiter();
        if (next === 'hold') break;
        active++;
        if (opts.gate) await opts.gate(next?.heavy ?? false);
        next?.grant();
      }
      while (active < limit && queued === 0 && spare.length > 0) {
        active++;
        spare.shift()?.();
      }
    } finally {
      dispatching = false;
    }
  }

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queued + spare.length;
    },
    /** A slot, in `owner`'s turn within `lane`. */
    async acquire(owner = '', lane: Lane = 'traveller'): Promise<void> {
      // Without a gate a free slot is taken at once; with one, every request goes through the dispatcher, so the
      // gate (the pacer) is met in fair order even while slots are free.
      if (!opts.gate && active < limit && queued === 0 && !(isHeavy(owner) && limit - active < reserveSlots)) {
        active++;
        hold(owner, 1);
        noteUse(owner);
        return;
      }
      const granted = new Promise<void>((resolve) => {
        const waiters = lanes[lane].get(owner);
        if (waiters) waiters.push(resolve);
        else lanes[lane].set(owner, [resolve]);
      });
      queued++;
      void dispatch();
      return granted;
    },
    /**
     * A slot behind every ordinary waiter. Resolves true with the slot held, or false (nothing held) when `signal`
     * fires first.
     */
    acquireSpare(signal: AbortSignal): Promise<boolean> {
      if (signal.aborted) return Promise.resolve(false);
      if (active < limit && queued === 0) {
        active++;
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        const grant = () => {
          signal.removeEventListener('abort', giveUp);
          resolve(true);
        };
        const giveUp = () => {
          const i = spare.indexOf(grant);
          if (i >= 0) spare.splice(i, 1);
          resolve(false);
        };
        spare.push(grant);
        signal.addEventListener('abort', giveUp, { once: true });
      });
    },
    /** Gives a slot back (`owner` as acquired; none for a spare-capacity slot). */
    release(owner?: string) {
      active--;
      if (owner !== undefined) hold(owner, -1);
      void dispatch();
    },
  };
}
export type Semaphore = ReturnType<typeof createSemaphore>;
