import { type CreateWindowAlert, WINDOW_ALERT_TEXTS, createWindowAlertSchema } from '@gowild/contract/window-alerts';
import { dateRange } from '@gowild/contract/wider-alerts';
import { conflict } from '../../../lib/http-error';
import { windowOpensAt } from '../window-open-check';
import { windowAlertConfirmationEmail } from '../window-open-emails';
import type { AlertKind } from './alert-kind';

const datesOf = (body: CreateWindowAlert) => dateRange(body.travel_date, body.travel_date_to ?? body.travel_date);

/**
 * "Tell me when GoWild opens" (docs/product/alerts.md#tell-me-when-gowild-opens; decisions 230, 274): one route and
 * a date, or a range of up to 7, whose GoWild window has not opened yet (409 once the first date's has: a search or a
 * price alert is the answer then). Its match is window-open-check.ts's `windowVerdict` on each date as its window
 * opens, its message window-open-emails.ts's `windowOpenMessage`.
 */
export const windowOpenAlertKind: AlertKind<CreateWindowAlert> = {
  kind: 'window_open',
  route: {
    path: '/api/notifications/window-open',
    summary:
      'Alert me when GoWild opens: one route and a date (or a range of up to 7 with travel_date_to) whose GoWild window has not opened (409 once it has); counts toward the 3 active alerts',
    body: createWindowAlertSchema,
    errors: [400, 401, 403, 409],
  },
  place: (body) => ({
    origin: body.origin_airport,
    destination: body.destination_airport,
    airports: [body.origin_airport, body.destination_airport],
    travelDates: datesOf(body),
  }),
  columns(body, now) {
    const opensAt = windowOpensAt(body.origin_airport, body.destination_airport, body.travel_date);
    const range = datesOf(body).length > 1;
    if (now.getTime() >= opensAt.getTime()) throw conflict(range ? WINDOW_ALERT_TEXTS.alreadyOpenRange : WINDOW_ALERT_TEXTS.alreadyOpen);
    return { maxPriceCents: null, gowildOnly: true, opensAt };
  },
  confirmation: (owner, row, links) =>
    windowAlertConfirmationEmail(
      owner,
      { originAirport: row.originAirport, destinationAirport: row.destinationAirport, travelDates: row.travelDates, opensAt: row.opensAt! },
      links,
    ),
  createdMessage: (row) => (row.travelDates.length > 1 ? WINDOW_ALERT_TEXTS.createdRange : WINDOW_ALERT_TEXTS.created),
};
