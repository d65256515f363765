import { formatDayTime } from '@gowild/contract/date-labels';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteAnswer } from '@/lib/offline/offline-state';
import { ALERTS_OFFLINE_TEXTS, OfflineAlertsNotice } from './offline-alerts-notice';

const listAnswer = (headers: Record<string, string>) => {
  const response = new Response('{}', { headers });
  Object.defineProperty(response, 'url', { value: `${window.location.origin}/api/notifications?include_completed=false` });
  return response;
};

describe('/notifications offline (issue 31, defect 5)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says nothing online', () => {
    render(<OfflineAlertsNotice />);
    expect(screen.queryByTestId('alerts-offline')).toBeNull();
  });

  it('offline with no list read: alerts need a connection, and none is kept', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineAlertsNotice />);
    expect(screen.getByText(ALERTS_OFFLINE_TEXTS.title)).toBeTruthy();
    expect(screen.getByText(ALERTS_OFFLINE_TEXTS.nothingKept)).toBeTruthy();
  });

  it('offline with the kept list on show: says when it was saved', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const savedAt = '2026-11-24T21:41:00.000Z';
    noteAnswer('GET', listAnswer({ 'x-gowild-saved-at': savedAt }));
    render(<OfflineAlertsNotice />);
    expect(screen.getByText(ALERTS_OFFLINE_TEXTS.saved(formatDayTime(savedAt, { year: true })!))).toBeTruthy();
    expect(ALERTS_OFFLINE_TEXTS.saved('Nov 24, 2026, 9:41 PM')).toBe(
      'Your alerts as saved on Nov 24, 2026, 9:41 PM. Creating or deleting an alert waits until you are back online.',
    );
  });
});
