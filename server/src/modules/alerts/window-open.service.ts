import { addDays } from '@gowild/contract/dates';
import { unknownAirportMessage } from '@gowild/contract/flights';
import { ALERT_MAX_DAYS_AHEAD, ALERT_MESSAGES, MAX_ACTIVE_ALERTS, alertAirportNotInNetworkMessage } from '@gowild/contract/notifications';
import { type CreateWindowAlert, WINDOW_ALERT_TEXTS } from '@gowild/contract/window-alerts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict } from '../../lib/http-error';
import { findAirport } from '../../lib/reference-data/airports';
import type { UserRow } from '../accounts/accounts.module';
import type { ReferenceService } from '../reference/reference.module';
import { todayAtAirport } from './alert-dates';
import type { AlertOutbox } from './alert-outbox';
import type { ChannelsService } from './channels/channels.service';
import type { AlertsRepository } from './alerts.repository';
import { presentNotification } from './alerts.service';
import { windowOpensAt } from './window-open-check';
import { windowAlertConfirmationEmail } from './window-open-emails';

/**
 * Creating a window-open alert (decision 230): the price alert's rules (premium, known airports of the network, a date
 * from tomorrow at the origin to 365 days ahead, the 3-alert cap shared with price alerts), plus one of its own: the
 * date's GoWild window must not have opened yet (409: a search or a price alert is the answer then).
 */
export function createWindowAlertsService(deps: {
  repo: Pick<AlertsRepository, 'createWithinLimit'>;
  reference: Pick<ReferenceService, 'destinationsFrom' | 'originsTo'>;
  clock: Clock;
  mailer: Pick<AlertOutbox, 'kick' | 'targetsFor'>;
  channels: Pick<ChannelsService, 'checkChosen'>;
  appUrl: string;
  supportEmail: string;
}) {
  const { repo, reference, clock } = deps;
  function checkAirport(code: string) {
    if (!findAirport(code)) throw badRequest(unknownAirportMessage(code));
    if (reference.destinationsFrom(code).length === 0 && reference.originsTo(code).length === 0)
      throw badRequest(alertAirportNotInNetworkMessage(code));
  }

  return {
    async create(user: Pick<UserRow, 'id' | 'email' | 'firstName'>, body: CreateWindowAlert, log?: FastifyBaseLogger) {
      const { origin_airport: origin, destination_airport: destination, travel_date: date } = body;
      checkAirport(origin);
      checkAirport(destination);
      const now = clock.now();
      const today = todayAtAirport(origin, now);
      if (date <= today) throw badRequest(ALERT_MESSAGES.datesTomorrowOrLater);
      if (date > addDays(today, ALERT_MAX_DAYS_AHEAD)) throw badRequest(ALERT_MESSAGES.datesTooFar);
      const opensAt = windowOpensAt(origin, destination, date);
      if (now.getTime() >= opensAt.getTime()) throw conflict(WINDOW_ALERT_TEXTS.alreadyOpen);
      await deps.channels.checkChosen(user.id, body.channels);
      // Read before the transaction (decision 205): the confirmation goes to every chosen channel's targets.
      const targets = await deps.mailer.targetsFor(user.id, body.channels);
      const row = await repo.createWithinLimit(
        {
          userId: user.id,
          kind: 'window_open',
          originAirport: origin,
          destinationAirport: destination,
          travelDates: [date],
          maxPriceCents: null,
          gowildOnly: true,
          opensAt,
          channels: body.channels,
          createdAt: now,
        },
        MAX_ACTIVE_ALERTS,
        () =>
          windowAlertConfirmationEmail(
            { email: user.email, firstName: user.firstName },
            { originAirport: origin, destinationAirport: destination, travelDate: date, opensAt },
            { appUrl: deps.appUrl, supportEmail: deps.supportEmail },
          ),
        targets,
      );
      if (row === 'limit') throw conflict(ALERT_MESSAGES.maxAlertsReached);
      deps.mailer.kick(log);
      return { notification: presentNotification(row), message: WINDOW_ALERT_TEXTS.created };
    },
  };
}
export type WindowAlertsService = ReturnType<typeof createWindowAlertsService>;
