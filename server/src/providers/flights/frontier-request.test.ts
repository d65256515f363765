import { describe, expect, it } from 'vitest';
import { DEFAULT_FRONTIER_DATE_FORMAT, formatFrontierDate, internalSelectUrl, parseFrontierDate } from './frontier-request';

const BASE = 'https://booking.flyfrontier.com';

describe('the InternalSelect request (decision 239)', () => {
  it('sends what working tools and the site\'s own links agree on, the date as "Apr 02, 2026" by default', () => {
    const url = internalSelectUrl(BASE, { origin: 'DEN', destination: 'LAS', date: '2026-04-02' }, DEFAULT_FRONTIER_DATE_FORMAT);
    expect(url.href).toBe('https://booking.flyfrontier.com/Flight/InternalSelect?o1=DEN&d1=LAS&dd1=Apr%2002%2C%202026&adt=1&mon=true');
    expect(url.searchParams.get('dd1')).toBe('Apr 02, 2026');
    // No fare type: GoWild fares come on the page without one.
    for (const left of ['ftype', 'promo', 'umnr', 'loy', 'ADT']) expect(url.searchParams.has(left)).toBe(false);
  });

  it('writes the date in the form the setting names, URL-encoded', () => {
    const q = { origin: 'MCO', destination: 'SJU', date: '2026-12-24' };
    expect(internalSelectUrl(BASE, q, 'YYYY-MM-DD').search).toBe('?o1=MCO&d1=SJU&dd1=2026-12-24&adt=1&mon=true');
    expect(internalSelectUrl(BASE, q, 'YYYY-MM-DD 00:00:00').search).toBe('?o1=MCO&d1=SJU&dd1=2026-12-24%2000%3A00%3A00&adt=1&mon=true');
    expect(internalSelectUrl(BASE, q, 'MMM-DD, YYYY').searchParams.get('dd1')).toBe('Dec-24, 2026');
    expect(internalSelectUrl(BASE, q, 'MMM DD YYYY').searchParams.get('dd1')).toBe('Dec 24 2026');
  });

  it('asks for the round-trip form with dd2 and r=true', () => {
    const url = internalSelectUrl(BASE, { origin: 'DEN', destination: 'LAS', date: '2026-04-02', returnDate: '2026-04-05' }, 'YYYY-MM-DD');
    expect(url.search).toBe('?o1=DEN&d1=LAS&dd1=2026-04-02&dd2=2026-04-05&r=true&adt=1&mon=true');
  });

  it('writes and reads back every form working tools send, and only real calendar dates', () => {
    const written = {
      'YYYY-MM-DD': '2026-04-02',
      'YYYY-MM-DD 00:00:00': '2026-04-02 00:00:00',
      'MMM DD, YYYY': 'Apr 02, 2026',
      'MMM-DD, YYYY': 'Apr-02, 2026',
      'MMM DD YYYY': 'Apr 02 2026',
    } as const;
    for (const [format, text] of Object.entries(written)) {
      expect(formatFrontierDate('2026-04-02', format as keyof typeof written)).toBe(text);
      expect(parseFrontierDate(text)).toBe('2026-04-02');
    }
    for (const v of [' 2026-04-02 ', 'Jul 15, 2025', 'jul 15, 2025', 'Jul 5, 2025', 'Jun-11, 2026', 'Oct 05 2026'])
      expect(parseFrontierDate(v)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(parseFrontierDate('Jul 15, 2025')).toBe('2025-07-15');
    for (const v of ['04-02-2026', '02/04/2026', '2026-02-30', 'Feb 30, 2026', 'Foo 02, 2026', '2026-04-02 10:00:00', '2026-4-2', ''])
      expect(parseFrontierDate(v)).toBeUndefined();
  });
});
