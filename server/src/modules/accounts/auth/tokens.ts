import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../../config';
import type { Clock } from '../../../lib/clock';

const ISSUER = 'gowild-finder';
const AUDIENCE = 'gowild-finder-api';
// Pinned: a token whose header names any other algorithm (none, HS512, RS256…) is refused before its signature is read.
const ALGORITHM = 'HS256';

interface SessionClaims {
  userId: string;
  sessionId: string;
}

export interface SessionTokens {
  sign(claims: SessionClaims, expiresAt: Date): Promise<string>;
  /** The claims of a genuine, unexpired token of ours, or null for anything else. */
  verify(token: string): Promise<SessionClaims | null>;
}

/** Verified tokens kept, so a signed-in client's every request does not check the same signature again (decision 065). */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createSessionTokens(opts: { secret: () => Uint8Array; clock: Clock }): SessionTokens {
  // A token's signature, algorithm, issuer and audience are facts of its bytes and our one secret: once checked they
  // hold for the token's life. Only expiry depends on the time, and it is checked again on every use.
  const verified = new LRUCache<string, SessionClaims & { expiresAtMs: number }>({ max: VERIFIED_TOKENS_KEPT });
  return {
    async sign({ userId, sessionId }, expiresAt) {
      const now = opts.clock.now();
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(opts.secret());
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (opts.clock.now().getTime() < known.expiresAtMs) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, opts.secret(), {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: opts.clock.now(),
          requiredClaims: ['sub', 'sid', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        const claims = { userId: payload.sub, sessionId: payload.sid };
        // jose refuses a token at or past `exp` (whole seconds): the kept one stops at the same instant.
        verified.set(token, { ...claims, expiresAtMs: (payload.exp as number) * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * JWT_SECRET when set. Otherwise one random secret, made on first use and kept in DATA_DIR/jwt-secret (mode 0600),
 * so sessions survive a restart; with DATA_DIR=memory:// it lives only as long as the process. Processes that do
 * not share a DATA_DIR (several API hosts) must all be given the same JWT_SECRET.
 */
export function resolveJwtSecret(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>): Uint8Array {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  if (config.DATA_DIR === 'memory://') return randomBytes(48);
  const file = path.resolve(config.DATA_DIR, JWT_SECRET_FILE);
  const read = () => readFileSync(file, 'utf8').trim();
  try {
    const existing = read();
    if (existing.length < 32) throw new Error(`${file} holds fewer than 32 characters; delete it or set JWT_SECRET`);
    return new TextEncoder().encode(existing);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const fresh = randomBytes(48).toString('base64url');
  try {
    // 'wx': if another process created it a moment ago, use theirs rather than invalidating their tokens.
    writeFileSync(file, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
    return new TextEncoder().encode(fresh);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return new TextEncoder().encode(read());
    throw e;
  }
}
