/**
 * The shape every alert channel shares (issue 25, docs/product/alerts.md#channels): the outbox hands one message to
 * one target of one channel and reads back what happened, so retries, back-off, "broken" marks and the delivery
 * history are written once for e-mail, web push, Telegram and Discord.
 */

export type AlertChannelKind = 'email' | 'push' | 'telegram' | 'discord';

/** What an alert says, in the words of its e-mail, ready for any channel to render. */
export interface AlertMessage {
  /** Why it is sent: the alert was created, a fare matched, a GoWild window opened, or the user asked for a test. */
  kind: 'confirmation' | 'match' | 'window_open' | 'test';
  /** One line: the subject of the e-mail, the title of the push notification, the first line of a chat message. */
  title: string;
  /** Plain text, a few lines. */
  text: string;
  /** Where a click goes: the results for that route and date (absolute, on APP_URL). */
  url: string;
}

/**
 * What one attempt came to. `retry` is a failure worth trying again later (a time-out, a 5xx, a 429); `permanent`
 * is one no retry will mend (a 400 the channel explains, a revoked bot); `gone` is a target the channel says no
 * longer exists (Web Push 404/410, a deleted Discord webhook): the target is removed and nothing is retried.
 */
export type DeliveryOutcome =
  | { status: 'delivered' }
  | { status: 'retry'; reason: string; retryAfterMs?: number }
  | { status: 'permanent'; reason: string }
  | { status: 'gone'; reason: string };

/** One place a user receives alerts on one channel: an e-mail address, a browser's push subscription, a chat. */
export interface ChannelTarget {
  channel: AlertChannelKind;
  /** Stable id of the target (the subscription's or link's row id; the user's id for e-mail). */
  id: string;
  /** Shown on /notifications and in the delivery history: "Chrome on Linux", "@traveller", "#deals". */
  label: string;
}

/** A channel: lists a user's targets and delivers a message to one of them. Never throws for a delivery failure. */
export interface AlertChannel {
  kind: AlertChannelKind;
  targetsFor(userId: string): Promise<ChannelTarget[]>;
  /** `deliveryId` is the outbox row's id: the same on every attempt, so a receiver can tell a repeat. */
  deliver(target: ChannelTarget, message: AlertMessage, deliveryId: string): Promise<DeliveryOutcome>;
  /** Called when deliver answered 'gone': forget the target. */
  forget?(target: ChannelTarget): Promise<void>;
}
