import type { DigestDelivery } from '@gowild/contract/digest';
import type { AlertDelivery } from '@gowild/contract/notifications';
import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders, resetTestState } from '@/test/test-utils';
import { UserDeliveries } from './user-deliveries';

// A loaded CI machine can take longer than the 1 s default to load the lists and render.
configure({ asyncUtilTimeout: 5000 });

/** docs/product/admin.md: a user's delivery history on /admin, alert messages and digests (docs/product/digest.md). */
const base = {
  channel: 'email' as const,
  target_label: 'pat@example.com',
  status: 'delivered' as const,
  attempts: 1,
  retries: 0,
  last_error: null,
  failed_at: null,
  next_attempt_at: null,
};
const digest: DigestDelivery = {
  ...base,
  id: 'd1',
  kind: 'digest',
  period: 'weekly:2026-12-04',
  title: 'Weekly GoWild digest: DEN · Sat, Dec 5',
  created_at: '2026-12-04T15:00:00.000Z',
  delivered_at: '2026-12-04T15:00:02.000Z',
};
const alert: AlertDelivery = {
  ...base,
  id: 'a1',
  kind: 'match',
  notification_id: 'n1',
  title: 'Fare found: DEN → LAS',
  created_at: '2026-12-03T09:00:00.000Z',
  delivered_at: '2026-12-03T09:00:01.000Z',
};

afterEach(resetTestState);

describe('a user’s deliveries on /admin', () => {
  it("shows an admin a user's alert messages and digests in one list, newest first", async () => {
    mockApi({
      'GET /api/admin/users/u1/deliveries': () => ({ deliveries: [alert] }),
      'GET /api/admin/users/u1/digest-deliveries': () => ({ deliveries: [digest] }),
    });
    renderWithProviders(<UserDeliveries user={{ id: 'u1', email: 'pat@example.com' }} onClose={() => {}} />);
    const rows = await screen.findAllByTestId('delivery');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Digest · E-mail'),
      expect.stringContaining('Fare found · E-mail'),
    ]);
  });
});
