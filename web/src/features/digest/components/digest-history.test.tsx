import type { DigestDelivery } from '@gowild/contract/digest';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders, resetTestState } from '@/test/test-utils';
import { DigestHistory } from './digest-history';

// A loaded CI machine can take longer than the 1 s default to load the lists and render.
configure({ asyncUtilTimeout: 5000 });

/** docs/product/digest.md#delivery-history: the traveller's digests in the alerts' history form. */
function digest(overrides: Partial<DigestDelivery> = {}): DigestDelivery {
  return {
    id: 'd1',
    kind: 'digest',
    period: 'weekly:2026-12-04',
    channel: 'email',
    target_label: 'pat@example.com',
    title: 'Weekly GoWild digest: DEN · Sat, Dec 5',
    status: 'delivered',
    attempts: 1,
    retries: 0,
    last_error: null,
    created_at: '2026-12-04T15:00:00.000Z',
    delivered_at: '2026-12-04T15:00:02.000Z',
    failed_at: null,
    next_attempt_at: null,
    ...overrides,
  };
}

afterEach(resetTestState);

describe('the digest delivery history', () => {
  it("lists the traveller's digests in the alerts' form: kind, channel, target and whether each arrived", async () => {
    mockApi({
      'GET /api/digest/deliveries': () => ({
        deliveries: [
          digest({ id: 'd2', channel: 'telegram', target_label: '@pat', attempts: 3, retries: 2 }),
          digest({
            id: 'd3',
            channel: 'discord',
            status: 'retrying',
            delivered_at: null,
            last_error: 'Discord 502',
            next_attempt_at: '2026-12-04T15:01:00.000Z',
          }),
        ],
      }),
    });
    renderWithProviders(<DigestHistory />);
    const rows = await screen.findAllByTestId('delivery');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Digest · Telegram'),
      expect.stringContaining('Digest · Discord'),
    ]);
    expect(screen.getAllByTestId('delivery-status').map((s) => s.textContent)).toEqual([
      'Delivered after 2 retries',
      'Retrying (1 attempt failed): Discord 502',
    ]);
    expect(within(rows[0]!).getByText('@pat')).toBeTruthy();
    expect(screen.getByText('Delivery history (2)')).toBeTruthy();
  });
});
