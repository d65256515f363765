/**
 * The session check's request as the boot script's early call (src/early-search.ts) sends it, kept free of the route
 * table's schemas so the boot script stays small. The app's call (verify-token.ts) takes the early answer only when
 * path and body are the same text: its path comes from the table, its body from here (verify-token.test.ts checks
 * that it takes it).
 */
export const VERIFY_TOKEN_PATH = '/auth/verify-token';

export function verifyTokenBody(token: string): { token: string } {
  return { token };
}
