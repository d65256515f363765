import { type CreateWindowAlert, WINDOW_ALERT_TEXTS, createWindowAlertSchema } from '@gowild/contract/window-alerts';
import { conflict } from '../../../lib/http-error';
import { windowOpensAt } from '../window-open-check';
import { windowAlertConfirmationEmail } from '../window-open-emails';
import type { AlertKind } from './alert-kind';

/**
 * "Tell me when GoWild opens" (docs/product/alerts.md#tell-me-when-gowild-opens; decision 230): one route and date
 * whose GoWild window has not opened yet (409 once it has: a search or a price alert is the answer then). Its match is
 * window-open-check.ts's `windowVerdict`, its message window-open-emails.ts's `windowOpenMessage`.
 */
export const windowOpenAlertKind: AlertKind<CreateWindowAlert> = {
  kind: 'window_open',
  route: {
    path: '/api/notifications/window-open',
    summary:
      'Alert me when GoWild opens: one route and date whose GoWild window has not opened (409 once it has); counts toward the 3 active alerts',
    body: createWindowAlertSchema,
    errors: [400, 401, 403, 409],
  },
  travelDates: (body) => [body.travel_date],
  columns(body, now) {
    const opensAt = windowOpensAt(body.origin_airport, body.destination_airport, body.travel_date);
    if (now.getTime() >= opensAt.getTime()) throw conflict(WINDOW_ALERT_TEXTS.alreadyOpen);
    return { maxPriceCents: null, gowildOnly: true, opensAt };
  },
  confirmation: (owner, row, links) =>
    windowAlertConfirmationEmail(
      owner,
      {
        originAirport: row.originAirport,
        destinationAirport: row.destinationAirport,
        travelDate: row.travelDates[0]!,
        opensAt: row.opensAt!,
      },
      links,
    ),
  createdMessage: () => WINDOW_ALERT_TEXTS.created,
};
