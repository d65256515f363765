import { describe, expect, it } from 'vitest';
import { safeNext, withNext } from './return-to';

describe('return to the page after sign-in', () => {
  it('keeps a path of this app with its query string', () => {
    expect(withNext('/login', '/?origin=DEN&date=2026-12-02&screen=departure_flights')).toBe(
      '/login?next=%2F%3Forigin%3DDEN%26date%3D2026-12-02%26screen%3Ddeparture_flights',
    );
    expect(safeNext('/?origin=DEN')).toBe('/?origin=DEN');
  });
  it('refuses other sites and the sign-in pages themselves', () => {
    expect(safeNext('https://evil.example/')).toBeNull();
    expect(safeNext('//evil.example/')).toBeNull();
    expect(safeNext('/\\evil.example')).toBeNull();
    expect(safeNext('/login?next=/')).toBeNull();
    expect(withNext('/login', '/')).toBe('/login');
    expect(withNext('/register', null)).toBe('/register');
  });
});
