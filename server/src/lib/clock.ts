/** Time as a dependency, so expiry rules can be tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that starts at `start` and then runs at real speed. For the test-only TEST_NOW setting: a whole process
 * (server, emulator, CLI) lives on a chosen day, so date rules (blackouts, booking windows, month ends, the
 * UTC/local boundary) can be exercised on any day of the year while time-outs and expiries keep working.
 */
export function startedClock(start: Date, realNow: () => number = Date.now): Clock {
  const offset = start.getTime() - realNow();
  return { now: () => new Date(realNow() + offset) };
}

/** The process clock: the system clock, or the pinned test clock when TEST_NOW is set (never in production). */
export function clockFromConfig(config: { TEST_NOW?: string }): Clock {
  return config.TEST_NOW ? startedClock(new Date(config.TEST_NOW)) : systemClock;
}

/** A clock tests move by hand. */
export function manualClock(start: Date = new Date()): Clock & { advance(ms: number): void; set(d: Date): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (d) => {
      t = d.getTime();
    },
  };
}
