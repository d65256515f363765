/**
 * The session check's request, written once for the app's call (verify-token.ts) and the boot script's early one
 * (src/early-search.ts), which the app's call takes only when path and body are the same text.
 */
export const VERIFY_TOKEN_PATH = '/auth/verify-token';

export function verifyTokenBody(token: string): { token: string } {
  return { token };
}
