import { z } from 'zod';
import { DEFAULT_FRONTIER_DATE_FORMAT, FRONTIER_DATE_FORMATS } from './providers/flights/frontier-request';

/**
 * The whole configuration, parsed once from the environment at boot. A bad value stops the process and every bad
 * key is named (Epic Stack habit). Every outside-service key is optional: without it the offline default runs.
 */
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max).default(def);
const num = (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().min(min).max(max).default(def);
const rate = (def: number) => z.coerce.number().min(0).max(1).default(def);
const url = z.url();
/** A comma-separated list, trimmed and lower-cased (host names, e-mail addresses). */
const list = (def: string[]) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter((s) => s !== ''),
    )
    .default(def);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(3000, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_URL: url.default('http://localhost:3000'),
  APP_VERSION: z.string().min(1).default('3.1'),
  SUPPORT_EMAIL: z.email().default('support@gowildfinder.app'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  // Time-outs toward the database and Redis (decisions 049 and 050): a dependency that stops answering fails fast.
  DATABASE_CONNECT_TIMEOUT_MS: int(5000, 100),
  DATABASE_STATEMENT_TIMEOUT_MS: int(10_000, 0),
  REDIS_CONNECT_TIMEOUT_MS: int(5000, 100),
  REDIS_COMMAND_TIMEOUT_MS: int(1000, 10),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  RATE_LIMIT_PER_MINUTE: int(600, 1),
  BODY_LIMIT_BYTES: int(1_048_576, 1024),

  // The edge: how long a client may take to send a request, idle keep-alive, sockets per client address, and who may
  // read /metrics (docs/decisions/052-request-time-outs-and-connection-cap.md, 054-security-headers-and-metrics-access.md).
  HEADERS_TIMEOUT_MS: int(10_000, 100, 600_000),
  REQUEST_TIMEOUT_MS: int(30_000, 100, 600_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(100_000).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),

  // Plans and quotas (docs/product/accounts-and-plans.md#plans-catalogue: one catalogue, one quota setting; every text
  // is rendered from these).
  FREE_SEARCHES_PER_DAY: int(3, 0, 1000),
  // Personal API keys (docs/product/public-api.md; decision 268): calls per key per UTC day, by the owner's plan.
  API_KEY_CALLS_PER_DAY_FREE: int(100, 0, 1_000_000),
  API_KEY_CALLS_PER_DAY_PREMIUM: int(1000, 0, 1_000_000),
  // The search log is written in batches off the request path (decision 065): every this many ms (0: each row at
  // once, on the request path), or as soon as this many rows wait.
  SEARCH_LOG_FLUSH_MS: int(250, 0, 60_000),
  SEARCH_LOG_BATCH_ROWS: int(200, 1, 10_000),
  PLAN_MONTHLY_PRICE: num(5),
  PLAN_MONTHLY_REGULAR_PRICE: num(10),
  PLAN_YEARLY_PRICE: num(50),
  PLAN_YEARLY_REGULAR_PRICE: num(120),
  TRIAL_DAYS: int(7, 0, 365),
  // The GoWild pass year's charges, named where the results explain a missing GoWild fare (docs/product/search.md#why-no-gowild;
  // decision 096). Dollars, the lowest the airline asks; 0 when the airline sells no such charge. They change every pass year.
  GOWILD_EARLY_BOOKING_CHARGE_USD: num(29, 0, 10_000),
  GOWILD_PEAK_DAY_CHARGE_USD: num(79, 0, 10_000),

  // Flights: the Frontier adapter always runs; it talks to the real site or to the emulator.
  FLIGHTS_PROVIDER: z.enum(['emulator', 'frontier']).default('emulator'),
  FRONTIER_BASE_URL: url.default('https://booking.flyfrontier.com'),
  // The dd1 form of the airline request: any of the forms working tools send (decision 239).
  FRONTIER_DATE_FORMAT: z.enum(FRONTIER_DATE_FORMATS).default(DEFAULT_FRONTIER_DATE_FORMAT),
  // A day a route does not fly by the airline's schedule (RetrieveSchedule, read at most once a day per route) is answered
  // "no flights" without asking for its results page (decision 242); false asks for every page.
  FRONTIER_SCHEDULE_FILTER: bool.default(true),
  EMULATOR_PORT: int(0, 0, 65535),
  EMULATOR_LATENCY_MS: int(250),
  EMULATOR_JITTER_MS: int(100),
  EMULATOR_ERROR_RATE: rate(0),
  EMULATOR_BLOCK_RATE: rate(0),
  EMULATOR_THROTTLE_RATE: rate(0),
  EMULATOR_HANG_RATE: rate(0),
  EMULATOR_NOT_ACCEPTABLE_RATE: rate(0),
  EMULATOR_PAGE_CHANGE_RATE: rate(0),
  EMULATOR_MALFORMED_RATE: rate(0),
  EMULATOR_BUCKET_MINUTES: int(30, 1),
  // The results page's FlightData: the shape of a page captured from the real site, or the one the emulator served
  // before (`{results: {journeys}}` in `var FlightData`), kept so readers of both stay tested (decision 240).
  EMULATOR_PAGE_SHAPE: z.enum(['real', 'legacy']).default('real'),
  FLIGHT_CACHE_TTL_SECONDS: int(600, 0),
  FLIGHT_CACHE_STALE_SECONDS: int(3600, 0),
  // Assembled search answers kept for the fresh time above (decision 063); 0 turns the answer cache off.
  ANSWER_CACHE_MAX_MB: int(128, 0),
  UPSTREAM_CONCURRENCY: int(50, 1, 500),
  UPSTREAM_RPS: num(100, 0.1),
  // Back-pressure (a 429 or 406) halves the request rate down to the floor; each good answer adds the step back.
  UPSTREAM_RPS_FLOOR: num(5, 0.1),
  UPSTREAM_RPS_STEP: num(1, 0.01),
  // A request still unanswered past the observed p95 latency gets one second attempt (decision 059).
  UPSTREAM_HEDGE: bool.default(true),
  UPSTREAM_EARLY_CUT: bool.default(true),
  UPSTREAM_TIMEOUT_MS: int(10_000, 100),
  UPSTREAM_RETRIES: int(2, 0, 5),
  BREAKER_THRESHOLD: int(5, 1),
  BREAKER_COOLDOWN_MS: int(30_000, 100),
  // Each user's share of the airline (decision 117): airline requests a minute their searches may cause past the
  // cache (a hub or "anywhere" search spends one per leg it looks up); 0 turns the budget off.
  AIRLINE_BUDGET_FREE_PER_MINUTE: int(250, 0),
  AIRLINE_BUDGET_PREMIUM_PER_MINUTE: int(1000, 0),

  // Weather.
  WEATHER_PROVIDER: z.enum(['demo', 'open-meteo']).default('demo'),
  OPEN_METEO_BASE_URL: url.default('https://api.open-meteo.com'),

  // Accounts.
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Signing keys retired by a rotation, comma-separated: they still verify the tokens they signed, and sign nothing
  // (docs/operations.md#the-session-signing-key-jwt_secret; decision 141). Keep them for SESSION_TTL_DAYS.
  JWT_PREVIOUS_SECRETS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .pipe(z.array(z.string().min(32, 'each secret must be at least 32 characters')).max(8, 'at most 8 previous secrets'))
    .default([]),
  SESSION_TTL_DAYS: int(30, 1, 365),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: url.default('https://www.googleapis.com/oauth2/v3/certs'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('GoWild Finder <no-reply@gowildfinder.app>'),

  // Background jobs and flight alerts (docs/product/alerts.md#checking-alerts; decision 066). `pg-boss` schedules each
  // job once per interval across every process on the database; `interval` runs each job in this process on a timer.
  JOBS_RUNNER: z.enum(['pg-boss', 'interval']).default('pg-boss'),
  // What this process does (decision 137): `all` serves the API and the web app and runs the jobs; `api` serves them
  // and runs no job; `worker` runs the jobs and serves only the probes and metrics.
  PROCESS_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  // Apply the migrations this release ships at start (decision 138). Off when a release step runs `migrate` first.
  MIGRATE_ON_START: bool.default(true),
  // Airline queries one alert-checker run keeps in flight (a share of UPSTREAM_CONCURRENCY, so searches keep room).
  ALERTS_CHECK_CONCURRENCY: int(40, 1, 500),

  // Web push (docs/product/alerts.md#web-push; decisions 210-214). Without the key pair, one is generated on first start
  // and kept in DATA_DIR/vapid-keys.json (like the session secret); several hosts that do not share DATA_DIR need the
  // same pair. The subject defaults to mailto:SUPPORT_EMAIL.
  // The pair is checked at start (a P-256 key pair in URL-safe base64, the public key the private key's).
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'must be a mailto: or https: address')
    .optional(),
  // The push services a browser's subscription may point at (https only); an entry starting with a dot matches the
  // host's subdomains. A subscription elsewhere is refused, so the server never posts to an address a user chose.
  PUSH_SERVICE_HOSTS: list(['fcm.googleapis.com', '.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com']),
  // Tests only: hosts (any port) or host:port pairs of local fake push services, accepted over plain http. Refused in
  // production.
  PUSH_TEST_HOSTS: list([]),
  PUSH_TIMEOUT_MS: int(10_000, 100, 120_000),
  // Alert channels (docs/product/alerts.md#channels). Telegram: the bot's token switches the offline demo bot off;
  // the token is a secret (it is in the Bot API's URL path) and is never logged.
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  /** The Bot API's address; tests point it at a local fake. */
  TELEGRAM_API_BASE: url.default('https://api.telegram.org'),
  /** The bot's @name without the @, for the t.me link (needed with a token). */
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{5,64}$/, "must be the bot's username (letters, digits, underscores)")
    .optional(),
  // Discord: the hosts a channel webhook address may have (https only).
  DISCORD_WEBHOOK_HOSTS: list(['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com']),
  /**
   * Tests only (refused unless NODE_ENV=test): webhook hosts that may resolve to a private or loopback address and
   * use http, so a test's local fake webhook can stand in for Discord (decision 208).
   */
  DISCORD_TEST_ALLOW_HOSTS: list([]),

  // Location.
  GEO_PROVIDER: z.enum(['demo', 'ipapi']).default('demo'),
  IPAPI_BASE_URL: url.default('https://ipapi.co'),

  // Billing (docs/product/billing.md): a Stripe key switches the demo checkout off; it needs the three keys after it.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /**
   * With NODE_ENV=production and no Stripe key, the demo checkout (which grants Premium without payment) runs only
   * when this is set: a forgotten key must not give Premium away (decision 077).
   */
  BILLING_DEMO: bool.default(false),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_MONTHLY: z.string().min(1).optional(),
  STRIPE_PRICE_YEARLY: z.string().min(1).optional(),
  /** Stripe's API address; tests and stripe-mock point it elsewhere. */
  STRIPE_API_BASE: url.optional(),

  // Hotels and rental cars (docs/product/destination-extras.md): the RapidAPI key switches the real adapters on.
  RAPIDAPI_KEY: z.string().min(1).optional(),
  RAPIDAPI_HOST: z.string().min(1).default('booking-com15.p.rapidapi.com'),
  RAPIDAPI_BASE_URL: url.default('https://booking-com15.p.rapidapi.com'),
  // The rental company whose offers are kept, and its booking link (placeholders {pickupCode} {pickupDate}
  // {pickupTime} {returnDate} {returnTime} {age} {cdp}; the hertz.com link format is not public).
  CAR_SUPPLIER: z.string().min(1).default('Hertz'),
  CAR_BOOKING_URL_TEMPLATE: z
    .string()
    .regex(/^https?:\/\/.*\{pickupCode\}/, 'must be an http(s) URL with a {pickupCode} placeholder')
    .default(
      'https://www.hertz.com/rentacar/reservation/?pickupLocation={pickupCode}&pickupDate={pickupDate}&pickupTime={pickupTime}&returnDate={returnDate}&returnTime={returnTime}&age={age}&cdpNumber={cdp}',
    ),
  // The outside-service client of both (decision 080): answers kept this long, per-attempt time-out, retries, calls
  // in flight and per second, and the breaker.
  EXTRAS_CACHE_SECONDS: int(300, 0, 86_400),
  EXTRAS_TIMEOUT_MS: int(8000, 100, 60_000),
  EXTRAS_RETRIES: int(1, 0, 5),
  EXTRAS_CONCURRENCY: int(8, 1, 100),
  EXTRAS_RPS: num(5, 0.1),
  EXTRAS_BREAKER_THRESHOLD: int(5, 1),
  EXTRAS_BREAKER_COOLDOWN_MS: int(60_000, 100),
  // Data health (issue 22): the public /status page and the airline pages the adapter could not read.
  /** How long one /api/status answer is kept and served to every request meanwhile (ms). */
  STATUS_CACHE_MS: int(1500, 0, 60_000),
  /** Unreadable airline pages: the body kept of each (bytes), how many are kept, and for how many days. */
  UNREADABLE_PAGE_MAX_BYTES: int(262_144, 1024, 4_194_304),
  UNREADABLE_PAGES_KEEP: int(300, 1, 10_000),
  UNREADABLE_PAGES_DAYS: int(7, 1, 365),

  // Maps (docs/product/maps.md#basemap-and-tiles; decision 086): without TILE_URL the maps draw the bundled basemap
  // and fetch nothing; with it, raster tiles from that host only (the CSP allows no other).
  TILE_URL: z
    .url()
    .refine(
      (v) => /^https?:\/\//.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p)),
      'must be an http(s) URL with {z}, {x} and {y}',
    )
    .optional(),
  TILE_ATTRIBUTION: z.string().min(1).default('&copy; OpenStreetMap contributors'),

  // How airline requests reach the site past its bot wall (docs/product/providers.md#transports; decision 165):
  // `direct` (plain HTTP), `proxy` (rotating FRONTIER_PROXY_URLS), `scraper-api` (a paid scraping service) or
  // `browser` (warm headless Chromium pages). A block holds the transport for FRONTIER_BLOCK_BACKOFF_MS, doubled per
  // block in a row; a blocked proxy rests FRONTIER_PROXY_COOLDOWN_MS.
  FRONTIER_TRANSPORT: z.enum(['direct', 'proxy', 'scraper-api', 'browser']).default('direct'),
  FRONTIER_BLOCK_BACKOFF_MS: int(2000, 0, 600_000),
  // `direct` and `proxy` ask pages in a session begun on the site's home page, whose cookies they keep (decision 239);
  // an exit visits the home page again when its session is older than this, and after a block.
  FRONTIER_SESSION_LIFETIME_MS: int(900_000, 10_000, 86_400_000),
  FRONTIER_PROXY_URLS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .pipe(z.array(z.url().regex(/^https?:\/\//, 'each proxy must be an http:// or https:// URL')).max(1000))
    .default([]),
  FRONTIER_PROXY_COOLDOWN_MS: int(300_000, 0, 86_400_000),
  FRONTIER_SCRAPER_URL: z
    .url()
    .refine((v) => /^https?:\/\//.test(v) && v.includes('{url}'), 'must be an http(s) URL with {url} (and {key} for the key)')
    .optional(),
  FRONTIER_SCRAPER_KEY: z.string().min(1).optional(),
  // Credits one scraping request costs when the service's answer does not say (plans with JavaScript rendering or
  // residential exits charge several).
  FRONTIER_SCRAPER_CREDITS_PER_REQUEST: num(1, 0, 1000),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  FRONTIER_BROWSER_PAGES: int(2, 1, 16),
  // Emulator only: its bot wall (a client without the cookie the page's JavaScript sets is blocked after this many
  // requests).
  EMULATOR_BOT_WALL: bool.default(false),
  EMULATOR_BOT_WALL_FREE_REQUESTS: int(3, 0, 1000),
  // Observations (docs/product/observations.md): days of travel dates kept, pruned daily by the worker (decision 182).
  OBSERVATION_RETENTION_DAYS: int(120, 1, 3650),
  // Answers are written when no airline request is in flight (the end of their search), on the embedded database also
  // when only ones just sent are, or after this long under a load that never goes quiet (decisions 236, 295; 0: each
  // at once).
  OBSERVATION_WRITE_DELAY_MS: int(5000, 0, 60_000),
  // GoWild connections (docs/product/connections.md; decision 263): the least time between landing and the next flight
  // leaving at a self-transfer (bags collected and checked again, security again); a traveller may only raise it.
  CONNECTION_MIN_TRANSFER_MINUTES: int(90, 30, 720),

  // Sweeps (docs/product/sweeps.md; decisions 187-192): the worker asks the airline about every route's open GoWild
  // dates ahead of travellers. Airline requests a sweep may make in any hour across every worker (0: no sweeps;
  // unset: 2400 with DATABASE_URL, 600 on the embedded database); how often today's and tomorrow's dates are swept
  // again, and the later dates of an international window; queries one run keeps in flight.
  SWEEP_BUDGET_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).optional(),
  SWEEP_REFRESH_MINUTES: int(60, 5, 1440),
  SWEEP_LATER_REFRESH_MINUTES: int(240, 5, 10_080),
  SWEEP_CONCURRENCY: int(20, 1, 500),
  // Demand-weighted sweeps (decision 226): a (route, date) searched at least this often in the last hour is swept
  // again before its answer leaves the flight cache's fresh time (0: no demand weighting, the default since answer at
  // once: decision 296).
  SWEEP_DEMAND_MIN_SEARCHES: int(0, 0, 1000),
  // The sweep's plan (decision 258): 'targeted' asks at window openings, on demand, near departure and for the grid's
  // week views; 'hourly' is the plan before it (every open date again every SWEEP_REFRESH_MINUTES). With 'targeted',
  // today's routes are asked again every SWEEP_DEPARTURE_MINUTES (0: only on demand).
  SWEEP_PLAN: z.enum(['targeted', 'hourly']).default('targeted'),
  SWEEP_DEPARTURE_MINUTES: int(0, 0, 1440),

  // Tests only: the instant the process clock starts at (ISO 8601 with an offset). Refused in production.
  TEST_NOW: z.iso.datetime({ offset: true }).optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(public readonly issues: { key: string; message: string }[]) {
    super(`Invalid configuration: ${issues.map((i) => `${i.key} (${i.message})`).join(', ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; empty strings count as unset so `FOO=` in a shell does not trip validation. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  // E-mail links must reach the server that sent them: without APP_URL, the address is this machine on the PORT it
  // listens on (a random port 0, or a PORT that fails validation, keeps the schema's default).
  if (cleaned.APP_URL === undefined && cleaned.PORT !== undefined && /^[1-9]\d{0,4}$/.test(cleaned.PORT) && Number(cleaned.PORT) <= 65535) {
    cleaned.APP_URL = `http://localhost:${cleaned.PORT}`;
  }
  const parsed = configSchema
    .refine((c) => c.NODE_ENV === 'test' || c.DISCORD_TEST_ALLOW_HOSTS.length === 0, {
      path: ['DISCORD_TEST_ALLOW_HOSTS'],
      message: 'is for tests only and is refused unless NODE_ENV=test',
    })
    .refine((c) => !c.TELEGRAM_BOT_TOKEN || c.TELEGRAM_BOT_USERNAME, {
      path: ['TELEGRAM_BOT_USERNAME'],
      message: 'is required with TELEGRAM_BOT_TOKEN (the t.me link names the bot)',
    })
    .refine((c) => !(c.NODE_ENV === 'production' && c.TEST_NOW), {
      path: ['TEST_NOW'],
      message: 'is for tests only and is refused when NODE_ENV=production',
    })
    .refine((c) => !(c.NODE_ENV === 'production' && c.PUSH_TEST_HOSTS.length > 0), {
      path: ['PUSH_TEST_HOSTS'],
      message: 'is for tests only and is refused when NODE_ENV=production',
    })
    .refine((c) => !c.VAPID_PUBLIC_KEY === !c.VAPID_PRIVATE_KEY, {
      path: ['VAPID_PUBLIC_KEY'],
      message: 'and VAPID_PRIVATE_KEY are set together (or neither, to use the pair generated in DATA_DIR)',
    })
    .refine((c) => c.HEADERS_TIMEOUT_MS <= c.REQUEST_TIMEOUT_MS, {
      path: ['HEADERS_TIMEOUT_MS'],
      message: 'must not be longer than REQUEST_TIMEOUT_MS (the headers are part of the request)',
    })
    .refine((c) => !c.STRIPE_SECRET_KEY || (c.STRIPE_WEBHOOK_SECRET && c.STRIPE_PRICE_MONTHLY && c.STRIPE_PRICE_YEARLY), {
      path: ['STRIPE_SECRET_KEY'],
      message: 'needs STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY and STRIPE_PRICE_YEARLY as well',
    })
    .refine((c) => c.NODE_ENV !== 'production' || c.STRIPE_SECRET_KEY || c.BILLING_DEMO, {
      path: ['STRIPE_SECRET_KEY'],
      message:
        'is required when NODE_ENV=production (without it the demo checkout grants Premium for free; set BILLING_DEMO=true to run that demo on purpose)',
    })
    .refine((c) => c.FRONTIER_TRANSPORT !== 'proxy' || c.FRONTIER_PROXY_URLS.length > 0, {
      path: ['FRONTIER_PROXY_URLS'],
      message: 'is required when FRONTIER_TRANSPORT=proxy (one or more proxy URLs, comma-separated)',
    })
    .refine((c) => c.FRONTIER_TRANSPORT !== 'scraper-api' || (c.FRONTIER_SCRAPER_URL && c.FRONTIER_SCRAPER_KEY), {
      path: ['FRONTIER_SCRAPER_URL'],
      message: 'and FRONTIER_SCRAPER_KEY are required when FRONTIER_TRANSPORT=scraper-api',
    })
    .refine((c) => !c.METRICS_PORT || c.METRICS_PORT !== c.PORT, {
      path: ['METRICS_PORT'],
      message: 'must differ from PORT',
    })
    .safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => ({ key: String(i.path[0] ?? '?'), message: i.message })));
  }
  return parsed.data;
}

/** For process entry points: the configuration, or the process ends with every bad key named. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Refusing to start. ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
}

/** A configuration for tests: defaults plus overrides, without reading process.env. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  // TEST_NOW is the one outside setting tests take: `npm run test:clocks` runs the whole suite on chosen days.
  const pinned = process.env.TEST_NOW ? { TEST_NOW: process.env.TEST_NOW } : {};
  // Jobs run on in-process timers unless a test asks for the queue (starting pg-boss costs seconds per database).
  // Tests write the search log through (a test reads it right after a search); its batching has tests of its own.
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    EMULATOR_LATENCY_MS: '0',
    EMULATOR_JITTER_MS: '0',
    JOBS_RUNNER: 'interval',
    SEARCH_LOG_FLUSH_MS: '0',
    // Observations too: a test reads them right after the answer (the delay has a test of its own).
    OBSERVATION_WRITE_DELAY_MS: '0',
    // Tests search far faster than a person; the airline budget's own tests set it (decision 117).
    AIRLINE_BUDGET_FREE_PER_MINUTE: '0',
    AIRLINE_BUDGET_PREMIUM_PER_MINUTE: '0',
    // No background sweep in tests (its own tests set a budget): it would ask the emulator behind every test's back.
    SWEEP_BUDGET_PER_HOUR: '0',
    ...pinned,
    ...overrides,
  });
}
