import { describe, expect, it } from 'vitest';
import { CHROME_USER_AGENT, chromeUserAgent, clientHints, fetchSite, requestHeaders } from './browser-identity';

const ua = (major: number, system = 'Windows NT 10.0; Win64; x64') =>
  `Mozilla/5.0 (${system}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;

describe('client hints derived from the User-Agent (decision 239)', () => {
  it("writes the brand list Chrome itself sends for its version: the made-up brand's punctuation, version and place", () => {
    // As these Chrome versions send them.
    expect(clientHints(ua(131))['sec-ch-ua']).toBe('"Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"');
    expect(clientHints(ua(120))['sec-ch-ua']).toBe('"Not_A Brand";v="8", "Chromium";v="120", "Google Chrome";v="120"');
    expect(clientHints(ua(124))['sec-ch-ua']).toBe('"Chromium";v="124", "Google Chrome";v="124", "Not-A.Brand";v="99"');
    expect(clientHints(ua(130))['sec-ch-ua']).toBe('"Chromium";v="130", "Google Chrome";v="130", "Not?A_Brand";v="99"');
  });

  it("names the User-Agent's platform and says desktop or mobile as it does", () => {
    expect(clientHints(ua(131))).toMatchObject({ 'sec-ch-ua-platform': '"Windows"', 'sec-ch-ua-mobile': '?0' });
    expect(clientHints(ua(131, 'Macintosh; Intel Mac OS X 10_15_7'))['sec-ch-ua-platform']).toBe('"macOS"');
    expect(clientHints(ua(131, 'X11; Linux x86_64'))['sec-ch-ua-platform']).toBe('"Linux"');
    const android = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    expect(clientHints(android)).toMatchObject({ 'sec-ch-ua-platform': '"Android"', 'sec-ch-ua-mobile': '?1' });
  });

  it('refuses a User-Agent that is not Chrome, whose hints it cannot know', () => {
    expect(() => clientHints('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toThrow(/not a Chrome/);
    expect(() => clientHints(`${ua(131)} Edg/131.0.0.0`)).toThrow(/not a Chrome/);
  });

  it('gives every request the hints of the User-Agent it sends, whichever it is', () => {
    for (const userAgent of [CHROME_USER_AGENT, chromeUserAgent(156, 'linux'), chromeUserAgent(142, 'darwin')])
      for (const kind of ['document', 'data'] as const) {
        const h = requestHeaders({ kind, site: 'same-origin', userAgent });
        expect(h['user-agent']).toBe(userAgent);
        expect({
          'sec-ch-ua': h['sec-ch-ua'],
          'sec-ch-ua-mobile': h['sec-ch-ua-mobile'],
          'sec-ch-ua-platform': h['sec-ch-ua-platform'],
        }).toEqual(clientHints(userAgent));
      }
    expect(chromeUserAgent(156, 'linux')).toBe(ua(156, 'X11; Linux x86_64'));
    expect(clientHints(chromeUserAgent(156, 'linux'))['sec-ch-ua-platform']).toBe('"Linux"');
  });
});

describe('Sec-Fetch-Site', () => {
  it('tells same origin, same site and across sites apart', () => {
    const home = new URL('https://booking.flyfrontier.com/');
    expect(fetchSite(home, new URL('https://booking.flyfrontier.com/Flight/Select'))).toBe('same-origin');
    expect(fetchSite(new URL('https://www.flyfrontier.com/'), new URL('https://booking.flyfrontier.com/Flight/InternalSelect'))).toBe(
      'same-site',
    );
    expect(fetchSite(new URL('http://www.flyfrontier.com/'), home)).toBe('cross-site');
    expect(fetchSite(new URL('https://www.google.com/'), home)).toBe('cross-site');
    expect(fetchSite(new URL('http://127.0.0.1:4000/'), new URL('http://127.0.0.2:4000/'))).toBe('cross-site');
  });
});
