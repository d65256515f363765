import { describe, expect, it } from 'vitest';
import { SAVED_SCREENS_PREFIX, isKeptScreen, savedScreensCacheFor } from './saved-screens';

const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;
const origin = 'https://gowild.example';
const url = (path: string) => new URL(path, origin);

describe('the screens kept for offline use', () => {
  it('keeps results, returns, hub trips and summaries; never auth, account or state-changing calls', () => {
    for (const path of [
      '/api/flights/search/stream?origin=DEN',
      '/api/flights/single?origin=LAS',
      '/api/flights/hub',
      '/api/trips/summary?x=1',
    ])
      expect(isKeptScreen('GET', url(path), origin), path).toBe(true);
    for (const path of ['/api/auth/login', '/api/auth/verify-token', '/api/notifications', '/api/stripe/subscription', '/index.html'])
      expect(isKeptScreen('GET', url(path), origin), path).toBe(false);
    expect(isKeptScreen('POST', url('/api/flights/search'), origin)).toBe(false);
    expect(isKeptScreen('GET', new URL('/api/flights/search', 'https://elsewhere.example'), origin)).toBe(false);
  });

  it("files each user's answers in a drawer of their own, guests in one, and an unreadable token in none", () => {
    expect(savedScreensCacheFor(`Bearer ${jwt({ sub: 'user-1' })}`)).toBe(`${SAVED_SCREENS_PREFIX}user-1`);
    expect(savedScreensCacheFor(`Bearer ${jwt({ sub: 'user-2' })}`)).toBe(`${SAVED_SCREENS_PREFIX}user-2`);
    expect(savedScreensCacheFor(null)).toBe(`${SAVED_SCREENS_PREFIX}guest`);
    expect(savedScreensCacheFor('Bearer not-a-jwt')).toBeNull();
    expect(savedScreensCacheFor(`Bearer ${jwt({ sub: '../../x' })}`)).toBeNull();
    expect(savedScreensCacheFor(`Bearer ${jwt({ nosub: 1 })}`)).toBeNull();
  });
});
