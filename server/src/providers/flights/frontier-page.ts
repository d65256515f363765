import type { z } from 'zod';
import { isIsoDate } from '@gowild/contract/dates';
import { type FrontierFlight, frontierFlightDataSchema, frontierFlightSchema, frontierRibbonDaySchema } from './frontier.schemas';
import type { BlockReason, MalformedFlight, RibbonDay } from './flights.provider';

/** A journey's ribbon as the page gives it: the journey's stations when it names them, and the days that read. */
export interface PageRibbon {
  origin?: string;
  destination?: string;
  days: RibbonDay[];
}

/**
 * The search the page says it answers (the 2026 page model's `originOne`, `destinationOne`, `departureDateOne`), when
 * it says so: a page for another search is stale, never "no flights".
 */
export interface PageModel {
  origin?: string;
  destination?: string;
  date?: string;
}

/** What an airline HTTP answer means, before any mapping to our types. */
export type FrontierPageOutcome =
  | { kind: 'flights'; flights: FrontierFlight[]; malformed: MalformedFlight[]; ribbons: PageRibbon[]; pageModel: PageModel }
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
  // The real page's only other entity is &amp;: one more plain pass, not a regular expression over the whole page.
  if (!/&(?!amp;)/.test(quotes)) return quotes.replaceAll('&amp;', '&');
  return quotes.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

const JS_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** Undoes the escapes a JavaScript single-quoted string literal may hold: the literal's value, as a browser reads it. */
function unescapeJsString(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (_m, e: string) => {
    if (e[0] === 'u' || e[0] === 'x') return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    return JS_ESCAPES[e] ?? e;
  });
}

/**
 * Turns the escapes a JavaScript literal allows but JSON does not (`\'`, `\x41`, `\v`, `\0`, `\&`, a line
 * continuation) into their JSON spelling, leaving JSON's own escapes (`\"`, `\\`, `\n`, `\u00e9`…) as they are.
 */
function jsEscapesAsJson(text: string): string {
  // Most pages hold only JSON's own escapes (otpData's \"): nothing to respell, and no pass over the page.
  if (!/\\[^"\\/bfnrtu]/.test(text)) return text;
  return text.replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\r\n|[\s\S])/g, (whole, e: string) => {
    if (e[0] === 'u' && e.length === 5) return whole;
    if (e[0] === 'x' && e.length === 3) return `\\u00${e.slice(1)}`;
    if ('"\\/bfnrt'.includes(e)) return whole;
    if (e === 'v') return '\\u000b';
    if (e === '0') return '\\u0000';
    if (e === '\n' || e === '\r' || e === '\r\n' || e === '\u2028' || e === '\u2029') return '';
    // Any other escaped character is that character (JavaScript drops the backslash); JSON needs quotes and
    // backslashes escaped, and nothing else here is one.
    return e;
  });
}

/**
 * The ways a FlightData literal is read, tried in turn until one gives JSON (decision 241):
 *
 * - as its source text (HTML entities decoded, then parsed as JSON, a JavaScript-only escape spelt as JSON's): the
 *   site writes its JSON, HTML-encodes it and puts it in the literal without JavaScript escaping, so this is the
 *   exact inverse, and a string field holding JSON (`otpData`, whose quotes are written `\&quot;`) stays a string;
 * - as a browser reads the literal, then the entities: the older pages and hand-made fixtures, whose literals were
 *   JavaScript-escaped;
 * - as the site's own script reads it: entities to quotes, then a JSON array held in a string unwrapped (`"[` and
 *   `]"`), for a page whose escaping is neither of the above.
 */
const LITERAL_READINGS: readonly ((literal: string) => string)[] = [
  (literal) => jsEscapesAsJson(decodeHtmlEntities(literal)),
  (literal) => decodeHtmlEntities(unescapeJsString(literal)),
  (literal) => decodeHtmlEntities(unescapeJsString(literal)).replaceAll('"[', '[').replaceAll(']"', ']'),
];

type ExtractResult = { ok: true; json: unknown } | { ok: false; detail: string };

/** A string literal's body: anything but its quote, a backslash, a line end or `</script`, or an escaped character. */
const SINGLE_QUOTED_BODY = /(?:[^'\\\n<]+|\\[\s\S]|<(?!\/script))*/y;
const DOUBLE_QUOTED_BODY = /(?:[^"\\\n<]+|\\[\s\S]|<(?!\/script))*/y;

/** The text between the quotes of `FlightData = '…'`, or why there is none. */
function findLiteral(html: string): { ok: true; literal: string } | { ok: false; detail: string } {
  // By its name (the page has many scripts and their order changes), with or without `var` or `window.`, never a
  // `SelectedFlightData` beside it.
  const start = /(?<![\w$])FlightData\s*=\s*(['"])/.exec(html);
  if (!start) return { ok: false, detail: 'no FlightData assignment on the page' };
  const quote = start[1] as string;
  const from = start.index + start[0].length;
  // To the closing quote, stepping over escapes; a line end or the end of the script first means a cut-off page.
  const body = quote === "'" ? SINGLE_QUOTED_BODY : DOUBLE_QUOTED_BODY;
  body.lastIndex = from;
  body.exec(html);
  const end = body.lastIndex;
  if (html[end] === quote) return { ok: true, literal: html.slice(from, end) };
  return { ok: false, detail: 'FlightData string is not terminated (truncated page?)' };
}

/** Finds `FlightData = '…';` and parses the JSON inside, whichever way its literal was written. */
export function extractFlightData(html: string): ExtractResult {
  const found = findLiteral(html);
  if (!found.ok) return found;
  let firstError: string | undefined;
  for (const read of LITERAL_READINGS) {
    try {
      return { ok: true, json: JSON.parse(read(found.literal)) };
    } catch (e) {
      firstError ??= (e as Error).message;
    }
  }
  return { ok: false, detail: `FlightData is not valid JSON: ${firstError}` };
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
  const pageModel: PageModel =
    'journeys' in parsed.data
      ? {
          origin: parsed.data.originOne ?? undefined,
          destination: parsed.data.destinationOne ?? undefined,
          date: parsed.data.departureDateOne ?? undefined,
        }
      : {};
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
  return { kind: 'flights', flights, malformed, ribbons: journeys.map(readRibbon), pageModel };
}

/** A ribbon's days that read: a date, and a fare above zero on a day the site does not grey out. */
function readRibbon(journey: {
  departureStation?: string | null;
  arrivalStation?: string | null;
  ribbon?: { displayDates: unknown[] } | null;
}): PageRibbon {
  const days: RibbonDay[] = [];
  for (const raw of journey.ribbon?.displayDates ?? []) {
    const day = frontierRibbonDaySchema.safeParse(raw);
    if (!day.success || day.data.isDisabled === true) continue;
    const date = (day.data.dateKey ?? day.data.date ?? '').slice(0, 10);
    const fare = day.data.fare;
    if (isIsoDate(date) && typeof fare === 'number' && fare > 0 && Number.isFinite(fare)) days.push({ date, lowestFare: fare });
  }
  return {
    origin: journey.departureStation ?? undefined,
    destination: journey.arrivalStation ?? undefined,
    days,
  };
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
