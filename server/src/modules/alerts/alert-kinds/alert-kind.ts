import type { Flight } from '@gowild/contract/flights';
import type { AlertKindName } from '@gowild/contract/notifications';
import type { ZodType } from 'zod';
import type { notifications } from '../../../db/schema';
import type { FoundFare, NotificationRow, OpenAlert, QueuedEmail } from '../alerts.repository';

/** What every create request has, whatever its kind. */
export interface AlertRequestBase {
  channels: string[];
}

/** The columns a kind sets on its row beyond the owner, the channels and the creation time. */
type KindColumns = Pick<
  typeof notifications.$inferInsert,
  'maxPriceCents' | 'gowildOnly' | 'phoneNumber' | 'smsConsent' | 'opensAt' | 'maxSeats' | 'legs'
>;

/** The links an alert's words carry. */
export interface AlertLinks {
  appUrl: string;
  supportEmail: string;
}

/** Where an alert watches: the row's route (the destination 'ANY' for an origin-wide alert) and its dates. */
export interface AlertPlace {
  origin: string;
  destination: string;
  /** Every airport the request names: each must be an airport of the network. */
  airports: string[];
  /** The dates the request asks about, distinct and sorted. */
  travelDates: string[];
  /** Route pairs that must be routes of the network (a chain's flights); none for the others. */
  routes?: { origin: string; destination: string }[];
}

/** One (origin, destination, date) an alert needs answered by the airline, through the gateway. */
export interface AlertQuery {
  origin: string;
  destination: string;
  date: string;
  /** Any fare will do (a price alert without gowild_only): asked about whatever the GoWild window. */
  anyFare: boolean;
}

/** One query's answer: the flights still on sale. */
export interface AlertAnswer {
  query: AlertQuery;
  flights: readonly Flight[];
}

/** What a match stores on the alert, and the message it sends (rendered once, for every channel). */
export interface AlertHit {
  found: FoundFare;
  email(owner: { email: string; firstName: string }, links: AlertLinks): QueuedEmail;
}

/**
 * What the alert checker (alert-checker.ts) does per kind: which answers an alert needs now, and what in them is a
 * match. The loop, the grouping of queries, the gateway, the completion with its message in one transaction and the
 * outbox are the checker's, once for every kind (decisions 266, 273).
 */
export interface AlertCheck {
  /** The queries for the dates still ahead (today at the origin on); none when every date has passed. */
  queries(alert: OpenAlert, today: string, destinationsFrom: (code: string) => readonly string[]): AlertQuery[];
  /** The match among this run's answers (the queries the airline did not answer are missing), or none. */
  match(alert: OpenAlert, answers: readonly AlertAnswer[]): AlertHit | undefined;
}

/**
 * One kind of alert (decisions 266, 273): what differs between kinds when one is created, and, for the kinds the
 * alert checker watches, its `check`. The rest, airports of the network, dates from tomorrow at the origin to 365 days
 * ahead, the shared 3-alert cap, the channels, the confirmation queued in the creating transaction, the list and the
 * delete, is alerts.service.ts's, once for every kind. The window-open kind has its own job (window-open-check.ts).
 */
export interface AlertKind<Body extends AlertRequestBase> {
  kind: AlertKindName;
  /** Its create call (the path is in the docs and the contract). */
  route: { path: string; summary: string; body: ZodType<Body, unknown>; errors: readonly (400 | 401 | 403 | 404 | 409)[] };
  /** Where the request watches. */
  place(body: Body): AlertPlace;
  /** A kind's own rule at creation, after the shared ones (throws an HttpError), and the columns it sets. */
  columns(body: Body, now: Date): KindColumns;
  /** The confirmation e-mail, rendered from the created row. */
  confirmation(owner: { email: string; firstName: string }, row: NotificationRow, links: AlertLinks): QueuedEmail;
  /** The words the create call answers with. */
  createdMessage(row: NotificationRow): string;
  /** The alert checker's part (absent for the window-open kind, which has its own job). */
  check?: AlertCheck;
}
