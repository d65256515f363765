import type { ServiceStatus, StatusResponse } from '@gowild/contract/status';
import { statusResponseSchema } from '@gowild/contract/status';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockAnyApi, renderWithProviders, resetTestState } from '@/test/test-utils';
import { StatusBoard, formatPagesRead } from './status-board';

configure({ asyncUtilTimeout: 5000 });

function service(overrides: Partial<ServiceStatus>): ServiceStatus {
  return {
    id: 'database',
    name: 'Database',
    role: 'Accounts, alerts and the search log',
    state: 'up',
    mode: 'live',
    note: 'Answering normally.',
    newest_data_at: '2026-11-24T23:17:27.000Z',
    newest_data_age_seconds: 13,
    last_hour: { successes: 10, blocks: 0, throttled: 0, failures: 0 },
    breaker: 'none',
    latency_ms: { p50: 3, p95: 9 },
    ...overrides,
  };
}

/** A /api/status answer, checked against the contract so the fake cannot drift from what the server sends. */
function statusWith(pagesRead: ServiceStatus['pages_read']): StatusResponse {
  return statusResponseSchema.parse({
    generated_at: '2026-11-24T23:17:40.000Z',
    scope: 'process',
    scope_note: 'These figures are what the server process that answered has seen itself.',
    window_seconds: 3600,
    overall: 'up',
    services: [
      service({
        id: 'airline',
        name: 'Frontier Airlines',
        role: 'Flights and GoWild fares',
        breaker: 'closed',
        transport: 'direct',
        last_hour: { successes: 412, blocks: 0, throttled: 0, failures: 8 },
        ...(pagesRead ? { pages_read: pagesRead } : {}),
      }),
      service({}),
    ],
  });
}

async function renderBoard(answer: StatusResponse) {
  mockAnyApi({ 'GET /api/status': () => answer });
  renderWithProviders(<StatusBoard />, { route: '/status' });
  return screen.findByTestId('status-airline');
}

describe('/status: the share of airline pages read', { timeout: 20_000 }, () => {
  afterEach(() => resetTestState());

  it('shows it on the airline card: the percentage of the last hour, and how many of how many', async () => {
    const airline = await renderBoard(statusWith({ read: 412, total: 420, share: 412 / 420 }));
    expect(within(airline).getByText('Pages read')).toBeTruthy();
    expect(within(airline).getByText('98% in the last hour (412 of 420)')).toBeTruthy();
    expect(within(airline).queryByText(/page may have changed/)).toBeNull();
    // Only the airline has the figure.
    expect(within(screen.getByTestId('status-database')).queryByText('Pages read')).toBeNull();
  });

  it('warns when under nine in ten pages read', async () => {
    const airline = await renderBoard(statusWith({ read: 30, total: 120, share: 0.25 }));
    expect(within(airline).getByText('25% in the last hour (30 of 120)')).toBeTruthy();
    expect(within(airline).getByText("The airline's page may have changed: some results are missing.")).toBeTruthy();
  });

  it('says when no results page came in the last hour', async () => {
    const airline = await renderBoard(statusWith({ read: 0, total: 0, share: null }));
    expect(within(airline).getByText('No results page in the last hour')).toBeTruthy();
  });

  it('leaves the figure out when the server does not give it (an older server)', async () => {
    const airline = await renderBoard(statusWith(undefined));
    expect(within(airline).queryByText('Pages read')).toBeNull();
  });
});

describe('formatPagesRead', () => {
  it('rounds down, so one unreadable page in many never reads as 100%', () => {
    expect(formatPagesRead({ read: 1999, total: 2000, share: 1999 / 2000 })).toBe('99% in the last hour (1,999 of 2,000)');
    expect(formatPagesRead({ read: 2000, total: 2000, share: 1 })).toBe('100% in the last hour (2,000 of 2,000)');
  });
});
