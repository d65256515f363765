import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { asWritten, screenLink, useSearchUrl } from './use-search-url-state';

const request = { direction: 'outbound' as const, origin: 'DEN', destination: 'LAS', date: '2026-04-02' };

describe('search URL: pure parts', () => {
  it('describes a results screen by what was searched, the screen and the chosen departure', () => {
    expect(screenLink(request, 'return_flights', 'abc')).toEqual({
      ...request,
      screen: 'return_flights',
      flight: 'abc',
      flightRef: undefined,
    });
    expect(screenLink(null, 'departure_flights')).toEqual({
      origin: undefined,
      destination: undefined,
      date: undefined,
      direction: undefined,
      screen: 'departure_flights',
      flight: undefined,
    });
  });

  it('reads a link back the way the page will once it is written', () => {
    expect(asWritten({ ...request, origin: 'den', screen: 'departure_flights' })).toMatchObject({ kind: 'link', link: { origin: 'DEN' } });
    expect(asWritten({})).toEqual({ kind: 'none' });
  });
});

function setup(initial = '/') {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>;
  return renderHook(() => ({ url: useSearchUrl(), search: useLocation().search, navigate: useNavigate() }), { wrapper });
}

describe('search URL: the hook', () => {
  it('reads the state from the URL on every render, whoever wrote it', () => {
    const hook = setup('/?origin=DEN&date=2026-04-02');
    expect(hook.result.current.url.parsed).toMatchObject({
      kind: 'link',
      link: { origin: 'DEN', date: '2026-04-02', screen: 'departure_flights' },
    });
    // A URL the page did not write (back/forward, a pasted link) is read the same way.
    act(() => void hook.result.current.navigate('/?destination=LAS&date=2026-04-03&direction=inbound'));
    expect(hook.result.current.url.parsed).toMatchObject({ kind: 'link', link: { direction: 'inbound', destination: 'LAS' } });
    act(() => void hook.result.current.navigate('/?origin=DEN'));
    expect(hook.result.current.url.parsed.kind).toBe('invalid');
  });

  it('writes at once with replace, and clears with null', () => {
    const hook = setup();
    expect(hook.result.current.url.parsed).toEqual({ kind: 'none' });
    act(() => hook.result.current.url.write({ ...request, screen: 'return_flights', flight: 'abc' }));
    expect(hook.result.current.search).toBe('?origin=DEN&destination=LAS&date=2026-04-02&screen=return_flights&flight=abc');
    expect(hook.result.current.url.parsed).toMatchObject({ kind: 'link', link: { flight: 'abc' } });
    act(() => hook.result.current.url.write(null));
    expect(hook.result.current.search).toBe('');
  });

  it('builds the full address of a state for sharing', () => {
    const hook = setup();
    expect(hook.result.current.url.absoluteUrl({ origin: 'DEN' })).toBe(`${window.location.origin}/?origin=DEN`);
    expect(hook.result.current.url.absoluteUrl({})).toBe(`${window.location.origin}/`);
  });
});
