import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParsedLink } from '../utils/search-link';
import { URL_UPDATE_DELAY_MS, isNewLink, queryOf, screenLink, useSearchUrlState } from './use-search-url-state';

const request = { direction: 'outbound' as const, origin: 'DEN', destination: 'LAS', date: '2026-04-02' };

describe('search URL state: pure parts', () => {
  it('describes a results screen by what was searched, the screen and the chosen departure', () => {
    expect(screenLink(request, 'return_flights', 'abc')).toEqual({ ...request, screen: 'return_flights', flight: 'abc' });
    expect(screenLink(null, 'departure_flights')).toEqual({
      origin: undefined,
      destination: undefined,
      date: undefined,
      direction: undefined,
      screen: 'departure_flights',
      flight: undefined,
    });
  });
  it('treats every query string as a new link except the one the page last wrote', () => {
    expect(queryOf('?origin=DEN')).toBe('origin=DEN');
    expect(queryOf('')).toBe('');
    expect(isNewLink('', null)).toBe(true);
    expect(isNewLink('origin=DEN', 'origin=DEN')).toBe(false);
    expect(isNewLink('origin=LAS', 'origin=DEN')).toBe(true);
  });
});

function setup(initial = '/') {
  const onLink = vi.fn<(parsed: ParsedLink) => void>();
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>;
  const hook = renderHook(
    () => {
      const url = useSearchUrlState(onLink);
      return { url, search: useLocation().search };
    },
    { wrapper },
  );
  return { onLink, hook };
}

describe('search URL state: the hook', () => {
  afterEach(() => vi.useRealTimers());

  it('hands the opening URL to the page as a link, once', () => {
    const { onLink, hook } = setup('/?origin=DEN&date=2026-04-02');
    expect(onLink).toHaveBeenCalledTimes(1);
    expect(onLink.mock.calls[0]![0]).toMatchObject({ kind: 'link', link: { origin: 'DEN', date: '2026-04-02' } });
    hook.rerender();
    expect(onLink).toHaveBeenCalledTimes(1);
  });

  it('writes at once, and after a search 100 ms later; its own writes are not new links', () => {
    vi.useFakeTimers();
    const { onLink, hook } = setup();
    expect(onLink).toHaveBeenCalledWith({ kind: 'none' });
    act(() => hook.result.current.url.write({ ...request, screen: 'departure_flights' }));
    expect(hook.result.current.search).toBe('?origin=DEN&destination=LAS&date=2026-04-02&screen=departure_flights');
    act(() => hook.result.current.url.writeAfterSearch({ ...request, destination: '', screen: 'departure_flights' }));
    act(() => vi.advanceTimersByTime(URL_UPDATE_DELAY_MS - 1));
    expect(hook.result.current.search).toContain('destination=LAS');
    act(() => vi.advanceTimersByTime(1));
    expect(hook.result.current.search).toBe('?origin=DEN&date=2026-04-02&screen=departure_flights');
    act(() => hook.result.current.url.write(null));
    expect(hook.result.current.search).toBe('');
    expect(onLink).toHaveBeenCalledTimes(1);
  });

  it('writes nothing while a link loads', () => {
    const { hook } = setup('/?origin=DEN&date=2026-04-02');
    act(() => hook.result.current.url.setLinkLoading(true));
    expect(hook.result.current.url.isLinkLoading()).toBe(true);
    act(() => hook.result.current.url.write({ ...request, screen: 'return_flights', flight: 'abc' }));
    expect(hook.result.current.search).toBe('?origin=DEN&date=2026-04-02');
    act(() => hook.result.current.url.setLinkLoading(false));
    act(() => hook.result.current.url.write({ ...request, screen: 'return_flights', flight: 'abc' }));
    expect(hook.result.current.search).toBe('?origin=DEN&destination=LAS&date=2026-04-02&screen=return_flights&flight=abc');
  });

  it('builds the full address of a state for sharing', () => {
    const { hook } = setup();
    expect(hook.result.current.url.absoluteUrl({ origin: 'DEN' })).toBe(`${window.location.origin}/?origin=DEN`);
    expect(hook.result.current.url.absoluteUrl({})).toBe(`${window.location.origin}/`);
  });
});
