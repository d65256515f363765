/**
 * `node --import tsx bench/login-timing.bench.ts`: does a failed login take as long for an unknown e-mail as for a
 * known one with a wrong password? (issue "Accounts": no account discovery by timing.) Production argon2
 * parameters, embedded database, requests through app.inject, the three cases interleaved so machine noise hits
 * them alike. Prints medians and the ratio unknown / known-wrong; the baseline is 1.00 (indistinguishable).
 */
import { embeddedBenchApp } from './embedded-app';

const ROUNDS = Number(process.env.ROUNDS ?? 40);

async function main() {
  const { app, deps, close } = await embeddedBenchApp();
  try {
    await deps.users.createAccount({ email: 'bench@example.com', password: 'bench-password-42', firstName: 'B', lastName: 'N' });
    let ip = 0;
    const login = async (email: string, password: string) => {
      ip += 1;
      const t = process.hrtime.bigint();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: `10.9.${(ip >> 8) & 255}.${ip & 255}`,
      });
      return { ms: Number(process.hrtime.bigint() - t) / 1e6, status: res.statusCode };
    };
    // Warm-up: the dummy hash is made on first use, and JIT.
    await login('nobody@example.com', 'x');
    await login('bench@example.com', 'x');
    const known: number[] = [];
    const unknown: number[] = [];
    const success: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const a = await login('bench@example.com', `wrong-${i}`);
      const b = await login(`nobody-${i}@example.com`, `wrong-${i}`);
      const c = await login('bench@example.com', 'bench-password-42');
      if (a.status !== 401 || b.status !== 401 || c.status !== 200)
        throw new Error(`unexpected statuses ${a.status} ${b.status} ${c.status}`);
      known.push(a.ms);
      unknown.push(b.ms);
      success.push(c.ms);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const [k, u, s] = [median(known), median(unknown), median(success)];
    console.log(`login timing, ${ROUNDS} rounds, argon2id m=19456 t=2 p=1`);
    console.log(`  known e-mail, wrong password: median ${k.toFixed(1)} ms`);
    console.log(`  unknown e-mail:               median ${u.toFixed(1)} ms`);
    console.log(`  correct password (+ session): median ${s.toFixed(1)} ms`);
    console.log(`  ratio unknown / known-wrong:  ${(u / k).toFixed(2)} (baseline 1.00)`);
  } finally {
    await close();
  }
}

void main();
