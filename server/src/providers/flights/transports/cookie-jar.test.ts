import { describe, expect, it } from 'vitest';
import { createCookieJar } from './cookie-jar';

const SITE = new URL('https://booking.flyfrontier.com/Flight/InternalSelect?o1=DEN');
const at = (path: string, host = 'booking.flyfrontier.com', scheme = 'https') => new URL(`${scheme}://${host}${path}`);

describe('the cookie jar of an exit', () => {
  it("sends a cookie only under its path; one set without a Path belongs to the answer's directory", () => {
    const jar = createCookieJar();
    jar.store(['root=1; Path=/', 'flight=2; Path=/Flight', 'scripts=3; Path=/Scripts', 'dir=4'], SITE);
    expect(jar.header(at('/Flight/Select'))).toBe('flight=2; dir=4; root=1');
    expect(jar.header(at('/Flight'))).toBe('flight=2; dir=4; root=1');
    expect(jar.header(at('/FlightStatus'))).toBe('root=1');
    expect(jar.header(at('/Scripts/app.js'))).toBe('scripts=3; root=1');
    expect(jar.header(at('/'))).toBe('root=1');
  });

  it('replaces a cookie of the same name and path, keeping its place; removes it when told it expired', () => {
    let t = 1_000_000;
    const jar = createCookieJar(() => t);
    jar.store(['_pxhd=a; Path=/', 'ASP.NET_SessionId=s; Path=/'], SITE);
    jar.store('_pxhd=b; Path=/', SITE);
    expect(jar.header(at('/'))).toBe('_pxhd=b; ASP.NET_SessionId=s');
    jar.store('_pxhd=; Path=/; Max-Age=0', SITE);
    expect(jar.header(at('/'))).toBe('ASP.NET_SessionId=s');
    jar.store('gone=1; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT', SITE);
    expect(jar.size).toBe(1);

    jar.store(['short=1; Path=/; Max-Age=60', `dated=1; Path=/; Expires=${new Date(t + 120_000).toUTCString()}`], SITE);
    expect(jar.header(at('/'))).toBe('ASP.NET_SessionId=s; short=1; dated=1');
    t += 60_000;
    expect(jar.header(at('/'))).toBe('ASP.NET_SessionId=s; dated=1');
    t += 60_000;
    expect(jar.header(at('/'))).toBe('ASP.NET_SessionId=s');
    expect(jar.size).toBe(1);
  });

  it("keeps a host's cookie to that host, a Domain cookie to the domain's hosts, and refuses another site's", () => {
    const jar = createCookieJar();
    jar.store(['host=1; Path=/', 'shared=2; Path=/; Domain=.flyfrontier.com', 'foreign=3; Path=/; Domain=example.com'], SITE);
    expect(jar.header(at('/', 'booking.flyfrontier.com'))).toBe('host=1; shared=2');
    expect(jar.header(at('/', 'www.flyfrontier.com'))).toBe('shared=2');
    expect(jar.header(at('/', 'flyfrontier.com'))).toBe('shared=2');
    expect(jar.header(at('/', 'example.com'))).toBeUndefined();
  });

  it('sends a Secure cookie only over https', () => {
    const jar = createCookieJar();
    jar.store(['safe=1; Path=/; Secure', 'plain=2; Path=/'], SITE);
    expect(jar.header(at('/'))).toBe('safe=1; plain=2');
    expect(jar.header(at('/', 'booking.flyfrontier.com', 'http'))).toBe('plain=2');
  });

  it('holds at most a hundred cookies, forgetting the oldest', () => {
    const jar = createCookieJar();
    jar.store(
      Array.from({ length: 120 }, (_, i) => `c${i}=1; Path=/`),
      SITE,
    );
    expect(jar.size).toBe(100);
    expect(jar.header(at('/'))).toMatch(/^c20=1; .*c119=1$/);
  });
});
