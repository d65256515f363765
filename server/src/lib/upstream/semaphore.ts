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
  /**
   * Requests held and waiting above which an owner is in a burst from its first request (decision 250): more than one
   * search's worth (a search asks at most the slots' number at once). Its grants leave the gate's reserve and a
   * quarter of the slots for whoever arrives next. Default: never.
   */
  burstDemand?: number;
  /** Monotonic milliseconds, for the decay of recent use (injected by tests). */
  now?: () => number;
}

/** How fast an owner's recent use fades: e^-1 of it is left after this long (decision 161). */
export const USE_DECAY_MS = 2000;

/** Added to the weight of an owner in a burst: more than any recent use can reach (decision 250). */
const BURST_WEIGHT = 1e9;

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

/** Slots each owner holds now. */
function slotHoldings() {
  const holding = new Map<string, number>();
  const hold = (owner: string, n: number) => {
    const h = (holding.get(owner) ?? 0) + n;
    if (h > 0) holding.set(owner, h);
    else holding.delete(owner);
  };
  return { holding, hold };
}

/** Requests `owner` holds slots for and waits for slots for, in any lane. */
function outstandingOf(owner: string, holding: ReadonlyMap<string, number>, lanes: Record<Lane, Map<string, unknown[]>>) {
  let n = holding.get(owner) ?? 0;
  for (const lane of Object.values(lanes)) n += lane.get(owner)?.length ?? 0;
  return n;
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
  /**
   * Slots a lone owner in a burst leaves free for whoever arrives next (decision 250): fewer than against a lighter
   * owner in the queue, since no one is waiting yet, and enough that a newcomer's first requests start at once instead
   * of after the burst's first answers.
   */
  const burstReserveSlots = Math.floor(limit / 4);
  const sustainedUse = opts.sustainedUse ?? Infinity;
  const burstDemand = opts.burstDemand ?? Infinity;
  const now = opts.now ?? (() => performance.now());
  const { useOf, noteUse } = recentUse(now);

  const { holding, hold } = slotHoldings();

  /**
   * The next ordinary waiter: in the first lane with waiters, the owner with the least recent use (so a user
   * arriving during another's burst goes first for the whole of their search, not only until they hold as many
   * slots), the longest waiting of equals; served, it goes to the back. `heavy` also when the owner is in a
   * sustained burst alone (decision 161) or a burst from its start (decision 250), so the gate keeps its reserve for
   * the next arrival.
   */
  const nextWaiter = (): { grant: () => void; heavy: boolean } | 'hold' | undefined => {
    const t = now();
    for (const lane of [lanes.traveller, lanes.background]) {
      let chosen: string | undefined;
      let least = Infinity;
      for (const owner of lane.keys()) {
        const use = weightOf(owner, t);
        if (use < least) [chosen, least] = [owner, use];
      }
      if (chosen === undefined) continue;
      const heavy = isHeavy(chosen, t);
      // The last half of the slots is kept for the lighter users while a heavier one would take them; a quarter
      // while an owner bursts alone, for whoever comes next.
      if (heavy && limit - active < reserveSlots) return 'hold';
      const bursting = inBurst(chosen);
      if (bursting && limit - active <= burstReserveSlots) return 'hold';
      const waiters = lane.get(chosen) ?? [];
      const grant = waiters.shift();
      lane.delete(chosen);
      if (waiters.length > 0) lane.set(chosen, waiters);
      hold(chosen, 1);
      noteUse(chosen);
      queued--;
      return grant && { grant, heavy: heavy || bursting || least >= sustainedUse };
    }
    return undefined;
  };

  /**
   * Whether `owner` has more than `burstDemand` requests held and waiting (decision 250): a burst is one from its
   * first requests, before its recent use says so, so the slots and the gate's reserve are kept from the start. The
   * unnamed owner ('') is the work of no one in particular (the gateway's callers without a user), never one burst.
   */
  const inBurst = (owner: string) => owner !== '' && outstandingOf(owner, holding, lanes) > burstDemand;

  /** Whether one more request of `owner` (held and waiting) makes a burst that should leave the last slots free. */
  const holdsBurst = (owner: string) => owner !== '' && (holding.get(owner) ?? 0) + 1 > burstDemand && limit - active <= burstReserveSlots;

  /**
   * What the fair queue ranks owners by: recent use (decision 161), an owner in a burst after every other (decision
   * 250). Early in a burst its recent use is still small, and a newcomer's own search soon outweighs it: ranked by use
   * alone, the newcomer would be served after the burst half-way through their search.
   */
  const weightOf = (owner: string, t: number) => (inBurst(owner) ? BURST_WEIGHT : 0) + useOf(owner, t);

  /** Whether `owner` weighs more (recent use, a burst) than another owner that holds or waits for a slot (decision 161). */
  const isHeavy = (owner: string, t = now()) => {
    const mine = weightOf(owner, t);
    if (mine === 0) return false;
    for (const other of holding.keys()) if (other !== owner && weightOf(other, t) < mine) return true;
    for (const lane of [lanes.traveller, lanes.background])
      for (const other of lane.keys()) if (other !== owner && weightOf(other, t) < mine) return true;
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
      if (!opts.gate && active < limit && queued === 0 && !(isHeavy(owner) && limit - active < reserveSlots) && !holdsBurst(owner)) {
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
