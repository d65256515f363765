import { describe, expect, it } from 'vitest';
import { type BreakerState, createCircuitBreaker } from './circuit-breaker';

function breaker(threshold = 3, cooldownMs = 30_000) {
  let t = 0;
  const changes: BreakerState[] = [];
  const b = createCircuitBreaker(
    threshold,
    cooldownMs,
    () => t,
    (s) => changes.push(s),
  );
  return { b, changes, advance: (ms: number) => (t += ms) };
}

/** A breaker opened by three blocks, whose cooldown has passed and whose single probe is out. */
function probing() {
  const { b, advance } = breaker();
  for (let i = 0; i < 3; i++) b.record('block', false);
  advance(30_000);
  expect(b.admit()).toBe('probe');
  return b;
}

describe('circuit breaker', () => {
  it('opens after `threshold` blocks in a row and rejects while open', () => {
    const { b, changes } = breaker();
    for (let i = 0; i < 2; i++) {
      expect(b.admit()).toBe('pass');
      b.record('block', false);
    }
    expect(b.state()).toBe('closed');
    b.record('block', false);
    expect(b.state()).toBe('open');
    expect(b.admit()).toBe('reject');
    expect(changes).toEqual(['open']);
  });

  it('lets one probe through after the cooldown and closes when it succeeds', () => {
    const { b, changes, advance } = breaker();
    for (let i = 0; i < 3; i++) b.record('block', false);
    advance(29_999);
    expect(b.admit()).toBe('reject');
    advance(1);
    expect(b.state()).toBe('half-open');
    expect(b.admit()).toBe('probe');
    expect(b.admit()).toBe('wait');
    b.record('success', true);
    expect(b.state()).toBe('closed');
    expect(b.admit()).toBe('pass');
    expect(changes).toEqual(['open', 'half-open', 'closed']);
  });

  it('opens again at once when the probe is blocked', () => {
    const b = probing();
    b.record('block', true);
    expect(b.state()).toBe('open');
    expect(b.admit()).toBe('reject');
  });

  it('allows another probe when the probe ended neither well nor blocked', () => {
    const b = probing();
    b.record('neutral', true);
    expect(b.state()).toBe('half-open');
    expect(b.admit()).toBe('probe');
  });

  it('is not opened by blocks separated by good answers, nor by errors that are not blocks', () => {
    const { b } = breaker();
    for (const r of ['block', 'block', 'success', 'block', 'block', 'neutral', 'neutral'] as const) b.record(r, false);
    expect(b.state()).toBe('closed');
  });

  it('makes every other request wait for the probe, and lets them through when it succeeds', async () => {
    const b = probing();
    expect(b.admit()).toBe('wait');
    const released = b.settled().then(() => b.admit());
    b.record('success', true);
    expect(await released).toBe('pass');
  });

  it('fails the waiting requests as open when the probe is blocked', async () => {
    const b = probing();
    expect(b.admit()).toBe('wait');
    const released = b.settled().then(() => b.admit());
    b.record('block', true);
    expect(await released).toBe('reject');
  });

  it('hands the trial to one waiting request when the probe ended neither well nor blocked', async () => {
    const b = probing();
    const waiting = [b.settled().then(() => b.admit()), b.settled().then(() => b.admit())];
    b.record('neutral', true);
    expect(await Promise.all(waiting)).toEqual(['probe', 'wait']);
  });
});
