import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { captchaPage, perimeterXBlockBody, serverErrorPage } from './pages';

/** Fault and speed knobs (EMULATOR_* settings); they can be changed while the emulator runs. */
export interface EmulatorKnobs {
  /** Median answer time of one search, in ms. */
  latencyMs: number;
  /** Answer time spreads evenly over latency ± jitter. */
  jitterMs: number;
  /** Share of data requests (searches, GetMarkets, RetrieveSchedule) answered with a 5xx page. */
  errorRate: number;
  /** Share answered with a 403 bot block (PerimeterX JSON or captcha page). */
  blockRate: number;
  /** Share answered with 429 and Retry-After. */
  throttleRate: number;
  /** Share never answered. */
  hangRate: number;
  /** Share answered with 406 and an empty body (the site's answer to bursts). */
  notAcceptableRate: number;
  /** Share of results pages that come out changed: FlightData renamed, or the page cut off inside it (half each). */
  pageChangeRate: number;
  /** Share of flights written malformed on a results page (one field missing its format), among good ones. */
  malformedRate: number;
}

export function knobsFrom(opts: Partial<EmulatorKnobs>): EmulatorKnobs {
  return {
    latencyMs: opts.latencyMs ?? 0,
    jitterMs: opts.jitterMs ?? 0,
    errorRate: opts.errorRate ?? 0,
    blockRate: opts.blockRate ?? 0,
    throttleRate: opts.throttleRate ?? 0,
    hangRate: opts.hangRate ?? 0,
    notAcceptableRate: opts.notAcceptableRate ?? 0,
    pageChangeRate: opts.pageChangeRate ?? 0,
    malformedRate: opts.malformedRate ?? 0,
  };
}

/** How the emulator answers: now, or after the latency knobs' delay (timers it can cancel on close). */
export function createReplies(knobs: EmulatorKnobs, dice: () => number) {
  const timers = new Set<NodeJS.Timeout>();
  const send = (res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
    res.end(body);
  };
  return {
    send,
    later(res: ServerResponse, fn: () => void) {
      const ms = Math.max(0, knobs.latencyMs + (dice() * 2 - 1) * knobs.jitterMs);
      if (ms === 0) return fn();
      const t = setTimeout(() => {
        timers.delete(t);
        if (!res.destroyed) fn();
      }, ms);
      timers.add(t);
    },
    redirect(res: ServerResponse, location: string, cookies: string[] = []) {
      res.writeHead(302, { location, 'set-cookie': cookies, 'content-length': 0 });
      res.end();
    },
    cancelAll() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
export type Replies = ReturnType<typeof createReplies>;

export type Fault = 'hang' | 'error' | 'block' | 'throttle' | 'notAcceptable';
export const FAULT_STAT = {
  hang: 'hangs',
  error: 'errors',
  block: 'blocks',
  throttle: 'throttles',
  notAcceptable: 'notAcceptable',
} as const;

/** The fault one request gets, if any: one roll of the dice against the knobs' shares, taken in this order. */
export function rollFault(knobs: EmulatorKnobs, roll: number): Fault | undefined {
  let edge = 0;
  const shares: [Fault, number][] = [
    ['hang', knobs.hangRate],
    ['error', knobs.errorRate],
    ['block', knobs.blockRate],
    ['throttle', knobs.throttleRate],
    ['notAcceptable', knobs.notAcceptableRate],
  ];
  for (const [fault, share] of shares) if (roll < (edge += share)) return fault;
  return undefined;
}

/**
 * The airline's answer for a fault: a 5xx page, a bot block, a 429, a 406, or none at all (a hang). A block is
 * PerimeterX's JSON or its captcha page, half each (`detail` decides), or always the JSON for a JSON endpoint.
 */
export function answerFault(
  fault: Fault,
  res: ServerResponse,
  { later, send }: Replies,
  at: { detail: number; retryAfterSeconds: number; json?: boolean },
) {
  switch (fault) {
    case 'hang':
      return; // never answered; the socket is destroyed on close
    case 'error': {
      const status = [500, 502, 503][Math.floor(at.detail * 3)] ?? 503;
      return later(res, () => send(res, status, 'text/html; charset=utf-8', serverErrorPage(status)));
    }
    case 'block': {
      const uuid = randomUUID();
      return later(res, () =>
        at.json || at.detail < 0.5
          ? send(res, 403, 'application/json', perimeterXBlockBody(uuid))
          : send(res, 403, 'text/html; charset=utf-8', captchaPage(uuid)),
      );
    }
    case 'throttle':
      return later(res, () => send(res, 429, 'text/html; charset=utf-8', '', { 'retry-after': String(at.retryAfterSeconds) }));
    case 'notAcceptable':
      return later(res, () => send(res, 406, 'text/html; charset=utf-8', ''));
  }
}

/** Writes one flight the way a template bug would: one field missing its format (the malformed-flight knob). */
export function malform(flight: { legs: unknown[] }, dice: () => number) {
  const broken = flight as unknown as Record<string, unknown>;
  const leg = (flight.legs[0] ?? {}) as Record<string, unknown>;
  switch (Math.floor(dice() * 4)) {
    case 0:
      leg.departureDate = 'TBD';
      break;
    case 1:
      leg.flightNumber = null;
      break;
    case 2:
      broken.standardFare = 'n/a';
      break;
    default:
      delete broken.legs;
  }
}
