import { describe, expect, it } from 'vitest';
import { redactQuerySecrets } from './log-redaction';

describe('redactQuerySecrets', () => {
  it('hides the values of secret-named query parameters and keeps the rest', () => {
    expect(redactQuerySecrets('/reset-password?token=abc123')).toBe('/reset-password?token=[redacted]');
    expect(redactQuerySecrets('/cb?state=xyz&code=4/0Ab&scope=email')).toBe('/cb?state=xyz&code=[redacted]&scope=email');
    expect(redactQuerySecrets('/api/flights/search?origin=DEN&date=2026-12-01')).toBe('/api/flights/search?origin=DEN&date=2026-12-01');
  });

  it('matches names by their ending, in any case', () => {
    const names = [
      'access_token',
      'refresh_token',
      'id_token',
      'apiKey',
      'api_key',
      'key',
      'X-Amz-Signature',
      'sig',
      'oobCode',
      'client_secret',
      'password',
      'otp',
      'jwt',
      'session',
    ];
    for (const name of names) expect(redactQuerySecrets(`/x?${name}=s3cr3t`), name).toBe(`/x?${name}=[redacted]`);
    for (const name of ['origin', 'destination', 'date', 'max_workers', 'page', 'limit', 'data', 'codes']) {
      expect(redactQuerySecrets(`/x?${name}=v`), name).toBe(`/x?${name}=v`);
    }
  });

  it('finds secrets inside free text and full URLs, and ends a value at a separator or quote', () => {
    expect(redactQuerySecrets('GET https://a.example/p?key=k1#frag failed')).toBe('GET https://a.example/p?key=[redacted]#frag failed');
    expect(redactQuerySecrets('token=t1 and "url":"/x?code=c2"')).toBe('token=[redacted] and "url":"/x?code=[redacted]"');
    expect(redactQuerySecrets('/x?a=1;token=t3')).toBe('/x?a=1;token=[redacted]');
  });

  it('decodes an escaped name, survives a malformed one, and leaves empty values and plain text alone', () => {
    expect(redactQuerySecrets('/x?api%5Fkey=k')).toBe('/x?api%5Fkey=[redacted]');
    expect(redactQuerySecrets('/x?%E0%A4%A=v&token=t')).toBe('/x?%E0%A4%A=v&token=[redacted]');
    expect(redactQuerySecrets('/x?token=&a=1')).toBe('/x?token=&a=1');
    expect(redactQuerySecrets('no query here')).toBe('no query here');
    expect(redactQuerySecrets('a == b')).toBe('a == b');
  });

  it('redacts a personal API key wherever it stands, not only as a query value', () => {
    const key = `gwk_${'A1b2-C3d4_'.repeat(4)}xyz`;
    expect(redactQuerySecrets(`/api/${key}`)).toBe('/api/gwk_[redacted]');
    expect(redactQuerySecrets(`GET /api/flights/grid/${key}/x failed`)).toBe('GET /api/flights/grid/gwk_[redacted]/x failed');
    expect(redactQuerySecrets(`/x?q=${key}&origin=DEN`)).toBe('/x?q=gwk_[redacted]&origin=DEN');
    // The prefix alone, or a word that only starts like one, is not a key.
    expect(redactQuerySecrets('keys start with gwk_ and then 43 characters')).toBe('keys start with gwk_ and then 43 characters');
  });
});
