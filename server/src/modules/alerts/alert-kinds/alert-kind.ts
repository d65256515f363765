import type { Flight } from '@gowild/contract/flights';
import type { AlertKindName, notificationCreatedResponseSchema } from '@gowild/contract/notifications';
import type { RouteSpec } from '@gowild/contract/route';
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

/** No answer for now: the alert is due again at `later` (a window still to open), unchecked until then. */
export interface AlertLater {
  later: Date;
}

/** One query's answer: the flights still on sale. */
export interface AlertAnswer {
  query: AlertQuery;
  flights: readonly Flight[];
}

/**
 * Which of a kind's open alerts a run of the check takes (decision 307): 'each_run', every one, each 10 minutes;
 * 'at_opening', those whose opening (`opens_at`) has passed, each minute, so a message follows an opening within
 * minutes (decision 232).
 */
export type CheckSchedule = 'each_run' | 'at_opening';

/** What a match stores on the alert, and the message it sends (rendered once, for every channel). */
export interface AlertHit {
  found: FoundFare;
  email(owner: { email: string; firstName: string }, links: AlertLinks): QueuedEmail;
}

/**
 * What the alert check (alert-checker.ts) does per kind: which alerts are due, which answers an alert needs now, how
 * fresh they must be, and what in them is a match. The loop, the grouping of queries, the gateway, the completion
 * with its message in one transaction and the outbox are the check's, once for every kind (decisions 266, 273, 307).
 */
export interface AlertCheck {
  due: CheckSchedule;
  /** The queries for the dates still ahead (today at the origin on); none when every date has passed. */
  queries(alert: OpenAlert, today: string, destinationsFrom: (code: string) => readonly string[], now: Date): AlertQuery[];
  /** An answer fetched before this says nothing (window-open: its opening): the airline is asked again, live. */
  answeredSince?(alert: OpenAlert): Date | undefined;
  /** The alert waits until every one of its queries is answered in one run, rather than matching on those that were. */
  needsEveryAnswer?: boolean;
  /**
   * The match among this run's answers (the queries the airline did not answer are missing), a later time to look
   * again, or none (the alert is marked checked).
   */
  match(alert: OpenAlert, answers: readonly AlertAnswer[], now: Date): AlertHit | AlertLater | undefined;
}

/**
 * One kind of alert (decisions 266, 273): what differs between kinds when one is created, and, for the kinds the
 * alert checker watches, its `check`. The rest, airports of the network, dates from tomorrow at the origin to 365 days
 * ahead, the shared 3-alert cap, the channels, the confirmation queued in the creating transaction, the list and the
 * delete, is alerts.service.ts's, once for every kind.
 */
export interface AlertKind<Body extends AlertRequestBase> {
  kind: AlertKindName;
  /** Its create call: the route table's entry (decision 302), whose body is the kind's request. */
  route: RouteSpec & { method: 'POST'; body: ZodType<Body, unknown>; responses: { 201: typeof notificationCreatedResponseSchema } };
  /** Where the request watches. */
  place(body: Body): AlertPlace;
  /** A kind's own rule at creation, after the shared ones (throws an HttpError), and the columns it sets. */
  columns(body: Body, now: Date): KindColumns;
  /** The confirmation e-mail, rendered from the created row. */
  confirmation(owner: { email: string; firstName: string }, row: NotificationRow, links: AlertLinks): QueuedEmail;
  /** The words the create call answers with. */
  createdMessage(row: NotificationRow): string;
  /** The alert check's part. */
  check: AlertCheck;
}
