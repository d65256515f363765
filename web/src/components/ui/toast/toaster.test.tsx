import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, showToast } from '@/components/ui/toast/toast-store';
import { Toaster } from '@/components/ui/toast/toaster';
import { Modal } from '@/components/ui/modal';

describe('toasts (docs/product/README.md#toasts)', () => {
  afterEach(() => {
    act(() => clearToasts());
    vi.useRealTimers();
  });

  it.each(['success', 'error', 'warning', 'info'] as const)('shows a %s toast with title, message, dismiss and progress bar', (type) => {
    render(<Toaster />);
    act(() => void showToast({ type, title: 'URL Copied', message: 'Search URL copied to clipboard!' }));
    const item = screen.getByText('URL Copied').closest('li')!;
    expect(item.getAttribute('data-toast-type')).toBe(type);
    expect(item.textContent).toContain('Search URL copied to clipboard!');
    expect(screen.getByRole('button', { name: 'Dismiss notification: URL Copied' })).toBeTruthy();
    expect((item.querySelector('[data-testid="toast-progress"]') as HTMLElement).style.animationDuration).toBe('6000ms');
  });

  it('draws the toasts inside an open modal (above it in the top layer), and back in the page once it closes', () => {
    const view = render(
      <>
        <Toaster />
        <Modal open onClose={() => {}} labelledBy="t">
          <h2 id="t">Create Price Alert</h2>
        </Modal>
      </>,
    );
    act(() => void showToast({ type: 'error', title: 'Error', message: 'Maximum 3 alerts reached' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Price Alert' });
    expect(dialog.contains(screen.getByText('Maximum 3 alerts reached'))).toBe(true);
    view.rerender(
      <>
        <Toaster />
        <Modal open={false} onClose={() => {}} labelledBy="t">
          <h2 id="t">Create Price Alert</h2>
        </Modal>
      </>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Maximum 3 alerts reached')).toBeTruthy();
  });

  it('the dismiss button removes it', async () => {
    render(<Toaster />);
    act(() => void showToast({ type: 'info', title: 'Hello' }));
    await userEvent.click(screen.getByRole('button', { name: /Dismiss/ }));
    expect(screen.queryByText('Hello')).toBeNull();
  });

  it('goes away by itself after its duration (6000 ms by default), not before', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void showToast({ type: 'success', title: 'Saved' }));
    act(() => vi.advanceTimersByTime(5999));
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('honours a custom duration and replaces a toast shown again with the same id', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void showToast({ id: 'x', type: 'error', title: 'First', duration: 1000 }));
    act(() => void showToast({ id: 'x', type: 'error', title: 'Second', duration: 1000 }));
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Second')).toBeNull();
  });
});
