import type { ZodType } from 'zod';
import type { notifications } from '../../../db/schema';
import type { NotificationRow, QueuedEmail } from '../alerts.repository';

/** The kinds an alert row can have (notifications.kind); the contract's Notification['kind']. */
type AlertKindName = 'price' | 'window_open';

/** What every create request has, whatever its kind. */
export interface AlertRequestBase {
  origin_airport: string;
  destination_airport: string;
  channels: string[];
}

/** The columns a kind sets on its row beyond the route, dates, owner and channels. */
type KindColumns = Pick<typeof notifications.$inferInsert, 'maxPriceCents' | 'gowildOnly' | 'phoneNumber' | 'smsConsent' | 'opensAt'>;

/** The links an alert's words carry. */
interface AlertLinks {
  appUrl: string;
  supportEmail: string;
}

/**
 * One kind of alert (decision 266): what differs between kinds when one is created. The rest, airports of the network,
 * dates from tomorrow at the origin to 365 days ahead, the shared 3-alert cap, the channels, the confirmation queued in
 * the creating transaction, the list and the delete, is alerts.service.ts's, once for every kind. What a kind matches
 * and the message it then sends live beside its checker (alert-checker.ts, window-open-check.ts).
 */
export interface AlertKind<Body extends AlertRequestBase> {
  kind: AlertKindName;
  /** Its create call (the path is in the spec and the contract). */
  route: { path: string; summary: string; body: ZodType<Body, unknown>; errors: readonly (400 | 401 | 403 | 404 | 409)[] };
  /** The dates the request asks about, distinct and sorted. */
  travelDates(body: Body): string[];
  /** A kind's own rule at creation, after the shared ones (throws an HttpError), and the columns it sets. */
  columns(body: Body, now: Date): KindColumns;
  /** The confirmation e-mail, rendered from the created row. */
  confirmation(owner: { email: string; firstName: string }, row: NotificationRow, links: AlertLinks): QueuedEmail;
  /** The words the create call answers with. */
  createdMessage(row: NotificationRow): string;
}
