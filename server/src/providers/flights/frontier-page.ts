import type { z } from 'zod';
import { type FrontierFlight, frontierFlightDataSchema, frontierFlightSchema } from './frontier.schemas';
import type { BlockReason, MalformedFlight } from './flights.provider';

/** What an airline HTTP answer means, before any mapping to our types. */
export type FrontierPageOutcome =
  | { kind: 'flights'; flights: FrontierFlight[]; malformed: MalformedFlight[] }
  | { kind: 'blocked'; status: number; reason: BlockReason; retryAfterMs?: number }
  | { kind: 'server-error'; status: number }
  | { kind: 'http-error'; status: number }
  | { kind: 'page-changed'; detail: string };

const NAMED_ENTITIES: Record<string, string> = { quot: '"', amp: '&', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' };

/** Decodes the HTML entities a server-side template writes: named basics plus decimal and hex references. */
export function decodeHtmlEntities(text: string): string {
  // Encoded JSON is mostly &quot;: replace those in one pass, then whatever references remain.
  const quotes = text.replaceAll('&quot;', '"');
  if (!quotes.includes('&')) return quotes;
  return quotes.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Undoes the escapes a JavaScript single-quoted string literal may hold. */
function unescapeJsString(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g, (_m, e: string) => {
    if (e[0] === 'u' || e[0] === 'x') return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' } as Record<string, string>)[e] ?? e;
  });
}

type ExtractResult = { ok: true; json: unknown } | { ok: false; detail: string };

/**
 * Finds `FlightData = '…';` by its name (the page has many scripts and their order changes), reads the string
 * literal to its closing quote, unescapes it and parses the JSON inside.
 */
export function extractFlightData(html: string): ExtractResult {
  const start = /(?<![\w$])FlightData\s*=\s*(['"])/.exec(html);
  if (!start) return { ok: false, detail: 'no FlightData assignment on the page' };
  const quote = start[1] as string;
  const from = start.index + start[0].length;
  let end = -1;
  for (let i = from; i < html.length; i++) {
    const ch = html[i];
    if (ch === '\\') i++;
    else if (ch === quote) {
      end = i;
      break;
    } else if (ch === '\n' || (ch === '<' && html.startsWith('</script', i))) break;
  }
  if (end < 0) return { ok: false, detail: 'FlightData string is not terminated (truncated page?)' };
  const text = decodeHtmlEntities(unescapeJsString(html.slice(from, end)));
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch (e) {
    return { ok: false, detail: `FlightData is not valid JSON: ${(e as Error).message}` };
  }
}

/** The field a zod issue is about, without array positions: `legs.0.departureDate` → `legs.departureDate`. */
function issueField(issue: z.core.$ZodIssue | undefined): string {
  const field = (issue?.path ?? []).filter((p) => typeof p === 'string').join('.');
  return field || '(flight)';
}

/**
 * Validates the FlightData JSON; `flights: null` becomes an empty list (the airline's "no flights"). The page's
 * shape is checked as a whole (a missing or renamed `journeys` or `flights` is a changed page), then each flight on
 * its own: one that does not read is left out and reported in `malformed`, naming the field that failed (decision
 * 061). A page none of whose flights reads is a changed page, never a short answer.
 */
function readFlightData(json: unknown): FrontierPageOutcome {
  const parsed = frontierFlightDataSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      kind: 'page-changed',
      detail: `FlightData does not have the expected shape at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    };
  }
  const journeys = 'journeys' in parsed.data ? parsed.data.journeys : parsed.data.results.journeys;
  const flights: FrontierFlight[] = [];
  const malformed: MalformedFlight[] = [];
  for (const raw of journeys.flatMap((j) => j.flights ?? [])) {
    const flight = frontierFlightSchema.safeParse(raw);
    if (flight.success) flights.push(flight.data);
    else {
      const issue = flight.error.issues[0];
      malformed.push({ field: issueField(issue), detail: issue?.message ?? 'invalid' });
    }
  }
  if (flights.length === 0 && malformed.length > 0) {
    const [first] = malformed;
    return {
      kind: 'page-changed',
      detail: `no flight on the page reads (${malformed.length}; first at ${first?.field}: ${first?.detail})`,
    };
  }
  return { kind: 'flights', flights, malformed };
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

function looksLikeCaptcha(body: string): boolean {
  return /px-captcha|_pxCaptcha|captcha\.js/i.test(body);
}

/**
 * Reads one final (non-redirect) airline answer. A bot block, whatever its form, is `blocked`, never a parse
 * error; a 200 without readable FlightData is `page-changed`, never "no flights".
 */
export function classifyFrontierResponse(status: number, body: string, retryAfter: string | null, now: Date): FrontierPageOutcome {
  if (status === 429) return { kind: 'blocked', status, reason: 'throttled', retryAfterMs: parseRetryAfter(retryAfter, now) };
  if (status === 406) return { kind: 'blocked', status, reason: 'not-acceptable' };
  if (status === 403) {
    if (/"blockScript"\s*:/.test(body)) return { kind: 'blocked', status, reason: 'perimeterx' };
    return { kind: 'blocked', status, reason: looksLikeCaptcha(body) ? 'captcha' : 'forbidden' };
  }
  if (status >= 500) return { kind: 'server-error', status };
  if (status < 200 || status >= 300) return { kind: 'http-error', status };
  const extracted = extractFlightData(body);
  if (!extracted.ok) {
    // A captcha served with 200 is still a block.
    if (looksLikeCaptcha(body)) return { kind: 'blocked', status, reason: 'captcha' };
    return { kind: 'page-changed', detail: extracted.detail };
  }
  return readFlightData(extracted.json);
}
