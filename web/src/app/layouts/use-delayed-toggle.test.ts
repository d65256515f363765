import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENU_DELAY_MS, useDelayedToggle } from './use-delayed-toggle';

afterEach(() => {
  vi.useRealTimers();
});

/** docs/product/README.md#account-menu: open on hover after a delay; clicks act at once. */
describe('a menu that opens on hover and on click', () => {
  it('opens after the hover delay, and a click that comes after it keeps the menu open', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useDelayedToggle());
    act(() => result.current.openLater());
    expect(result.current.open).toBe(false);
    act(() => void vi.advanceTimersByTime(MENU_DELAY_MS));
    expect(result.current.open).toBe(true);
    // The pointer reached the button, waited, then clicked: the click does not shut what the hover opened.
    act(() => result.current.toggle());
    expect(result.current.open).toBe(true);
    // A second click closes it.
    act(() => result.current.toggle());
    expect(result.current.open).toBe(false);
  });

  it('opens and closes on each click when no hover opened it', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useDelayedToggle());
    act(() => result.current.toggle());
    expect(result.current.open).toBe(true);
    act(() => result.current.toggle());
    expect(result.current.open).toBe(false);
    // A click before the hover delay has run opens it at once, and the delay then changes nothing.
    act(() => result.current.openLater());
    act(() => result.current.toggle());
    expect(result.current.open).toBe(true);
    act(() => void vi.advanceTimersByTime(MENU_DELAY_MS));
    act(() => result.current.toggle());
    expect(result.current.open).toBe(false);
  });
});
