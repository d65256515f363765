import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
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

/** One HMAC key and the id (`kid`) that names it in the tokens it signs. */
export interface SigningKey {
  kid: string;
  key: Uint8Array;
}

/**
 * The key that signs new tokens, and the keys that only verify during a rotation's grace period (decision 141):
 * JWT_SECRET, then each of JWT_PREVIOUS_SECRETS.
 */
export interface SessionKeys {
  current: SigningKey;
  previous: SigningKey[];
}

/**
 * A key's id, derived from the key itself so every process given the same secret names it alike, with no setting to
 * keep in step. An HMAC under the key, cut to 96 bits: it names the key without saying anything about it.
 */
export function keyIdOf(key: Uint8Array): string {
  return createHmac('sha256', key).update('gowild-finder session key id').digest().subarray(0, 12).toString('base64url');
}

export function signingKey(secret: string | Uint8Array): SigningKey {
  const key = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
  return { kid: keyIdOf(key), key };
}

/** Verified tokens kept, so a signed-in client's every request does not check the same signature again (decision 065). */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * The header's `kid`: a string, `legacy` for a token signed before tokens carried one, or null when the header does
 * not parse or the id is not a string.
 */
function keyIdIn(token: string): { kid: string } | 'legacy' | null {
  try {
    const { kid } = decodeProtectedHeader(token);
    if (kid === undefined) return 'legacy';
    return typeof kid === 'string' ? { kid } : null;
  } catch {
    return null;
  }
}

export function createSessionTokens(opts: { keys: () => SessionKeys; clock: Clock }): SessionTokens {
  // A token's signature, algorithm, issuer and audience are facts of its bytes and our keys: once checked they hold
  // for the token's life (the keys change only with a restart). Only expiry depends on the time, and it is checked
  // again on every use.
  const verified = new LRUCache<string, SessionClaims & { expiresAtMs: number }>({ max: VERIFIED_TOKENS_KEPT });

  /**
   * The keys a token may have been signed with: the one its `kid` names (none for an id we do not hold, so a forged or
   * retired id is refused without trying anything), or, for a token from before key ids, each key we hold.
   */
  function candidateKeys(token: string): Uint8Array[] {
    const named = keyIdIn(token);
    if (named === null) return [];
    const { current, previous } = opts.keys();
    const all = [current, ...previous];
    if (named === 'legacy') return all.map((k) => k.key);
    return all.filter((k) => k.kid === named.kid).map((k) => k.key);
  }

  async function claimsOf(token: string, key: Uint8Array) {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: opts.clock.now(),
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.sid, expiresAtMs: (payload.exp as number) * 1000 };
    } catch {
      return null;
    }
  }

  return {
    async sign({ userId, sessionId }, expiresAt) {
      const now = opts.clock.now();
      const { current } = opts.keys();
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid: current.kid })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(current.key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (opts.clock.now().getTime() < known.expiresAtMs) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        return null;
      }
      for (const key of candidateKeys(token)) {
        const claims = await claimsOf(token, key);
        if (!claims) continue;
        // jose refuses a token at or past `exp` (whole seconds): the kept one stops at the same instant.
        verified.set(token, claims);
        return { userId: claims.userId, sessionId: claims.sessionId };
      }
      return null;
    },
  };
}

/**
 * The signing key (JWT_SECRET, or the generated one in DATA_DIR) and the previous keys still accepted
 * (JWT_PREVIOUS_SECRETS); a previous secret equal to the current one is the current one.
 */
export function resolveSessionKeys(config: Pick<Config, 'JWT_SECRET' | 'JWT_PREVIOUS_SECRETS' | 'DATA_DIR'>): SessionKeys {
  const current = signingKey(resolveJwtSecret(config));
  const previous: SigningKey[] = [];
  for (const secret of config.JWT_PREVIOUS_SECRETS) {
    const key = signingKey(secret);
    if (key.kid !== current.kid && !previous.some((p) => p.kid === key.kid)) previous.push(key);
  }
  return { current, previous };
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
