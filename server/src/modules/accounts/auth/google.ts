import { isStorableText } from '@gowild/contract/auth';
import { type JWTVerifyGetKey, createRemoteJWKSet, jwtVerify } from 'jose';
import type { Clock } from '../../../lib/clock';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** What we keep from a verified Google ID token. */
export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

export type GoogleKeys = JWTVerifyGetKey;

/** Google's published keys, fetched and cached by jose (it refetches on an unknown `kid`, with a cooldown). */
export function googleRemoteKeys(jwksUrl: string): GoogleKeys {
  return createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 6 * 60 * 60 * 1000 });
}

/**
 * Verifies an ID token from Google Identity Services (docs/product/providers.md#google-sign-in): RS256 signature
 * against the key set, issuer, audience = our client id, expiry. Returns null for any token that fails.
 */
export async function verifyGoogleIdToken(
  idToken: string,
  opts: { clientId: string; keys: GoogleKeys; clock: Clock },
): Promise<GoogleIdentity | null> {
  try {
    const { payload } = await jwtVerify(idToken, opts.keys, {
      algorithms: ['RS256'],
      issuer: GOOGLE_ISSUERS,
      audience: opts.clientId,
      currentDate: opts.clock.now(),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) return null;
    // Control characters cannot be stored (PostgreSQL text refuses NUL); such a claim is treated as absent.
    const text = (v: unknown) => (typeof v === 'string' && v.trim() && isStorableText(v) ? v.trim() : null);
    return {
      sub: payload.sub,
      email: text(payload.email),
      // Google sends a boolean; some older libraries relay the string.
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      givenName: text(payload.given_name),
      familyName: text(payload.family_name),
      name: text(payload.name),
    };
  } catch {
    return null;
  }
}
