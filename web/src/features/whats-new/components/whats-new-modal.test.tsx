import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WHATS_NEW_DELAY_MS, WhatsNewModal, whatsNewKey } from './whats-new-modal';

const renderModal = (version: string | undefined) =>
  render(
    <MemoryRouter>
      <WhatsNewModal version={version} monthlyPrice={5} />
    </MemoryRouter>,
  );

describe("What's New", () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('opens after about a second, once per browser per version, remembered under app_update_modal_<version>', async () => {
    const { unmount } = renderModal('3.1');
    expect(screen.queryByTestId('whats-new-modal')).toBeNull();
    act(() => vi.advanceTimersByTime(WHATS_NEW_DELAY_MS));
    expect(screen.getByRole('heading', { name: "What's New" })).toBeTruthy();
    expect(screen.getByText('Version 3.1')).toBeTruthy();
    expect(screen.getByText('Premium for $5/month')).toBeTruthy();
    expect(window.localStorage.getItem(whatsNewKey('3.1'))).not.toBeNull();
    unmount();
    renderModal('3.1');
    act(() => vi.advanceTimersByTime(WHATS_NEW_DELAY_MS * 3));
    expect(screen.queryByTestId('whats-new-modal')).toBeNull();
  });

  it('shows again for a new version and waits for the version to be known', () => {
    window.localStorage.setItem('app_update_modal_3.1', 'seen');
    const { rerender } = renderModal(undefined);
    act(() => vi.advanceTimersByTime(WHATS_NEW_DELAY_MS * 2));
    expect(screen.queryByTestId('whats-new-modal')).toBeNull();
    rerender(
      <MemoryRouter>
        <WhatsNewModal version="3.2" />
      </MemoryRouter>,
    );
    act(() => vi.advanceTimersByTime(WHATS_NEW_DELAY_MS));
    expect(screen.getByTestId('whats-new-modal')).toBeTruthy();
  });

  it('closes with its button after its 150 ms fade', () => {
    renderModal('9.9');
    act(() => vi.advanceTimersByTime(WHATS_NEW_DELAY_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.getByTestId('whats-new-modal')).toBeTruthy();
    act(() => vi.advanceTimersByTime(150));
    expect(screen.queryByTestId('whats-new-modal')).toBeNull();
  });

  it('with a new version waiting, opens at once (even when seen) and its first button reloads into it', () => {
    window.localStorage.setItem(whatsNewKey('3.1'), 'seen');
    const onReload = vi.fn();
    render(
      <MemoryRouter>
        <WhatsNewModal version="3.1" onReload={onReload} />
      </MemoryRouter>,
    );
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByText('A new version is ready')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload now' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
