// A running server's smoke test: `node scripts/smoke.mjs <base URL> [--wait-seconds N] [--ready-only]`. Waits for
// /api/ready, then (unless --ready-only: a worker serves no API) registers a new account and runs one outbound search
// from Denver two days ahead, which must answer with flights.
// Used by CI after starting the built server (Node 20 and 24) and by scripts/container-test.sh against the image.
const [base, ...rest] = process.argv.slice(2);
if (!base) {
  console.error('usage: node scripts/smoke.mjs <base URL> [--wait-seconds N] [--ready-only]');
  process.exit(2);
}
const waitAt = rest.indexOf('--wait-seconds');
const waitSeconds = waitAt >= 0 ? Number(rest[waitAt + 1]) : 120;

async function ready() {
  const until = Date.now() + waitSeconds * 1000;
  let last = 'no answer';
  while (Date.now() < until) {
    try {
      const res = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(5000) });
      const body = await res.json();
      if (res.status === 200) return body;
      last = `${res.status} ${JSON.stringify(body)}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${base}/api/ready did not answer 200 within ${waitSeconds} s (last: ${last})`);
}

const started = performance.now();
const readiness = await ready();
console.log(`ready after ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(readiness.checks)}`);
if (rest.includes('--ready-only')) process.exit(0);

const email = `smoke-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const registered = await fetch(`${base}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password: 'Smoke-Test-Password-9', first_name: 'Smoke', last_name: 'Test' }),
});
if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
const { token } = await registered.json();

// Two days ahead in UTC is a bookable day at DEN whatever the hour. (A plain script run by node: it cannot import the
// contract's TypeScript, so the calendar day is read here.)
// eslint-disable-next-line no-restricted-syntax
const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const search = await fetch(`${base}/api/flights/search?origin=DEN&date=${date}`, { headers: { authorization: `Bearer ${token}` } });
const answer = await search.json();
if (search.status !== 200) throw new Error(`the search answered ${search.status}: ${JSON.stringify(answer)}`);
if (!(answer.summary?.total_flights > 0)) throw new Error(`the search found no flights: ${JSON.stringify(answer.summary)}`);
console.log(`search DEN ${date}: ${answer.summary.total_destinations} destinations, ${answer.summary.total_flights} flights`);
