import { addDays } from '@gowild/contract/dates';
import { unknownAirportMessage } from '@gowild/contract/flights';
import {
  ALERT_CHANNEL_KINDS,
  ALERT_KIND_NAMES,
  type AlertKindName,
  ALERT_MAX_DAYS_AHEAD,
  ALERT_MESSAGES,
  MAX_ACTIVE_ALERTS,
  type Notification,
  alertAirportNotInNetworkMessage,
} from '@gowild/contract/notifications';
import { alertRouteNotInNetworkMessage } from '@gowild/contract/wider-alerts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { findAirport } from '../../lib/reference-data/airports';
import type { UserRow } from '../accounts/accounts.module';
import type { ReferenceService } from '../reference/reference.module';
import { todayAtAirport } from './alert-dates';
import type { AlertKind, AlertRequestBase } from './alert-kinds/alert-kind';
import type { AlertOutbox } from './alert-outbox';
import type { ChannelsService } from './channels/channels.service';
import type { AlertsRepository, NotificationRow } from './alerts.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An alert as its owner sees it (docs/product/alerts.md#alert-record). */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: (ALERT_KIND_NAMES as readonly string[]).includes(row.kind) ? (row.kind as AlertKindName) : 'price',
    origin_airport: row.originAirport,
    destination_airport: row.destinationAirport,
    travel_dates: row.travelDates,
    max_price: row.maxPriceCents === null ? null : row.maxPriceCents / 100,
    gowild_only: row.gowildOnly,
    phone_number: row.phoneNumber,
    sms_consent: row.smsConsent,
    is_active: row.isActive,
    is_completed: row.isCompleted,
    found_price: row.foundPriceCents === null ? null : row.foundPriceCents / 100,
    found_travel_date: row.foundTravelDate,
    notification_sent: row.notificationSent,
    created_at: row.createdAt.toISOString(),
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    channels: row.channels.filter((c): c is Notification['channels'][number] => (ALERT_CHANNEL_KINDS as readonly string[]).includes(c)),
    opens_at: row.opensAt?.toISOString() ?? null,
    window_result: row.windowResult === 'gowild' || row.windowResult === 'not_offered' ? row.windowResult : null,
    found_seats: row.foundSeats,
    max_seats: row.maxSeats,
    legs: row.legs,
    found_destination: row.foundDestination,
  };
}

/**
 * The alert rules of docs/product/alerts.md that need data, for every kind of alert (decision 266): known airports of
 * the route network, dates from tomorrow at the origin airport, the 3-alert cap shared by all kinds under concurrent
 * creates, owner-only reads and deletes. The request's shape (codes, dates, price above 0, origin ≠ destination) is
 * the contract schema's, checked before this; what a kind adds is its AlertKind's (alert-kinds/).
 */
export function createAlertsService(deps: {
  repo: Pick<AlertsRepository, 'createWithinLimit' | 'listForUser' | 'findOwned' | 'deleteOpen'>;
  reference: Pick<ReferenceService, 'destinationsFrom' | 'originsTo'>;
  clock: Clock;
  mailer: Pick<AlertOutbox, 'kick' | 'targetsFor'>;
  channels: Pick<ChannelsService, 'checkChosen'>;
  appUrl: string;
  supportEmail: string;
}) {
  const { repo, reference, clock } = deps;
  const links = { appUrl: deps.appUrl, supportEmail: deps.supportEmail };

  function checkAirport(code: string) {
    if (!findAirport(code)) throw badRequest(unknownAirportMessage(code));
    if (reference.destinationsFrom(code).length === 0 && reference.originsTo(code).length === 0)
      throw badRequest(alertAirportNotInNetworkMessage(code));
  }

  return {
    async create<Body extends AlertRequestBase>(
      kind: AlertKind<Body>,
      user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
      body: Body,
      log?: FastifyBaseLogger,
    ) {
      const place = kind.place(body);
      for (const code of place.airports) checkAirport(code);
      for (const r of place.routes ?? [])
        if (!reference.destinationsFrom(r.origin).includes(r.destination))
          throw badRequest(alertRouteNotInNetworkMessage(r.origin, r.destination));
      const now = clock.now();
      const today = todayAtAirport(place.origin, now);
      const { travelDates } = place;
      if (travelDates.some((d) => d <= today)) throw badRequest(ALERT_MESSAGES.datesTomorrowOrLater);
      if (travelDates.some((d) => d > addDays(today, ALERT_MAX_DAYS_AHEAD))) throw badRequest(ALERT_MESSAGES.datesTooFar);
      const columns = kind.columns(body, now);
      await deps.channels.checkChosen(user.id, body.channels);
      // Read before the transaction (decision 205): the confirmation goes to every chosen channel's targets.
      const targets = await deps.mailer.targetsFor(user.id, body.channels);
      const row = await repo.createWithinLimit(
        {
          userId: user.id,
          kind: kind.kind,
          originAirport: place.origin,
          destinationAirport: place.destination,
          travelDates,
          ...columns,
          channels: body.channels,
          createdAt: now,
        },
        MAX_ACTIVE_ALERTS,
        (created) => kind.confirmation({ email: user.email, firstName: user.firstName }, created, links),
        targets,
      );
      if (row === 'limit') throw conflict(ALERT_MESSAGES.maxAlertsReached);
      deps.mailer.kick(log);
      return { notification: presentNotification(row), message: kind.createdMessage(row) };
    },

    async list(userId: string, includeCompleted: boolean) {
      return { notifications: (await repo.listForUser(userId, includeCompleted)).map(presentNotification) };
    },

    /** Another user's alert, or one that does not exist, is 404 alike; a completed one is 409. */
    async remove(userId: string, id: string) {
      if (!UUID.test(id)) throw notFound(ALERT_MESSAGES.notFound);
      const row = await repo.findOwned(userId, id);
      if (!row) throw notFound(ALERT_MESSAGES.notFound);
      if (row.isCompleted) throw conflict(ALERT_MESSAGES.completedCannotBeDeleted);
      if (!(await repo.deleteOpen(userId, id))) {
        // Completed (or deleted) between the read and the delete.
        const now = await repo.findOwned(userId, id);
        if (now?.isCompleted) throw conflict(ALERT_MESSAGES.completedCannotBeDeleted);
        throw notFound(ALERT_MESSAGES.notFound);
      }
      return { message: ALERT_MESSAGES.deleted };
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
