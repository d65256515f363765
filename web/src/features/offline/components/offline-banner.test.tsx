import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteAnswer } from '@/lib/offline/offline-state';
import { NEEDS_CONNECTION, OfflineBanner, savedOnLabel } from './offline-banner';

const answer = (headers: Record<string, string>) => {
  const response = new Response('{}', { headers });
  Object.defineProperty(response, 'url', { value: `${window.location.origin}/api/flights/search/stream?origin=DEN` });
  return response;
};

describe('the offline banner', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    noteAnswer('GET', answer({}));
  });

  it('is absent online, on answers from the network', () => {
    noteAnswer('GET', answer({}));
    render(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('says when a saved screen was saved, and what needs a connection', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const savedAt = '2026-11-24T21:41:00.000Z';
    noteAnswer('GET', answer({ 'x-gowild-saved-at': savedAt }));
    render(<OfflineBanner />);
    expect(screen.getByText(`${savedOnLabel(savedAt)}; you are offline.`)).toBeTruthy();
    expect(screen.getByText(NEEDS_CONNECTION)).toBeTruthy();
    expect(savedOnLabel(savedAt)).toMatch(/^Saved on Nov 2[45], 2026, \d{1,2}:41 [AP]M$/);
  });

  it('offline with nothing saved on show: says so', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    expect(screen.getByText('You are offline.')).toBeTruthy();
  });
});
