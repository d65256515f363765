import { describe, expect, it } from 'vitest';
import { SAVED_AT_HEADER, sessionDrawer } from '@/sw/saved-screens';
import { keepUncontrolledAnswer } from './keep-first-answers';

/** Cache storage in memory: enough of the browser's for a drawer. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const storage = {
    async open(name: string) {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        async put(request: Request, response: Response) {
          store.set(request.url, response);
        },
        async keys() {
          return [...store.keys()].map((u) => new Request(u));
        },
        async delete(request: Request) {
          return store.delete(request.url);
        },
        async match(request: string) {
          return store.get(request)?.clone();
        },
      };
    },
  };
  return { storage: storage as unknown as CacheStorage, stores };
}

const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = `${b64url({ alg: 'HS256' })}.${b64url({ sub: 'u', sid: 's', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
const streamUrl = `${window.location.origin}/api/flights/search/stream?origin=DEN&date=2026-12-01`;
const answer = (url = streamUrl, status = 200) => {
  const r = new Response('{"type":"start"}\n{"type":"done"}\n', { status, headers: { 'content-type': 'application/x-ndjson' } });
  Object.defineProperty(r, 'url', { value: url });
  return r;
};
const now = () => new Date('2026-11-27T22:00:00.000Z');

describe('the first search of an install is kept (issue 31, defect 6)', () => {
  it('keeps a kept-screen answer read before any worker controls the page, sealed in the session drawer, and leaves the page its body', async () => {
    const { storage } = memoryCaches();
    const response = answer();
    await keepUncontrolledAnswer('GET', response, { controlled: false, storage, token, now });
    // The page still reads the whole answer.
    expect(await response.text()).toContain('"done"');
    const drawer = (await sessionDrawer(token))!;
    const stored = await (await storage.open(drawer.name)).match(await drawer.address(streamUrl));
    const opened = (await drawer.unseal(streamUrl, stored!))!;
    expect(await opened.text()).toContain('"done"');
    expect(opened.headers.get(SAVED_AT_HEADER)).toBe('2026-11-27T22:00:00.000Z');
  });

  it('leaves it to the worker once one controls the page, and keeps no failure, no other call and nothing without storage', async () => {
    const { storage, stores } = memoryCaches();
    expect(keepUncontrolledAnswer('GET', answer(), { controlled: true, storage, token, now })).toBeNull();
    expect(keepUncontrolledAnswer('GET', answer(streamUrl, 500), { controlled: false, storage, token, now })).toBeNull();
    expect(
      keepUncontrolledAnswer('GET', answer(`${window.location.origin}/api/auth/verify-token`), { controlled: false, storage, token, now }),
    ).toBeNull();
    expect(keepUncontrolledAnswer('GET', answer(), { controlled: false, storage: undefined, token, now })).toBeNull();
    expect(stores.size).toBe(0);
  });
});
