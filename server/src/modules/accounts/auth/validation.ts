/** A token from a body that may be missing, not an object, or hold a non-string. */
export function tokenFromBody(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const token = (body as { token?: unknown }).token;
  return typeof token === 'string' && token.length > 0 && token.length <= 8192 ? token : undefined;
}
