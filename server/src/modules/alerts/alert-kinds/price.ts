import { type CreateNotification, alertCreatedFromPage, createNotificationSchema } from '@gowild/contract/notifications';
import { alertConfirmationEmail } from '../alert-emails';
import type { AlertKind } from './alert-kind';

/**
 * The price alert (docs/product/alerts.md): up to 5 dates, a maximum price, GoWild only or any fare. Its match is
 * alert-checker.ts's `bestMatch`, its message alert-emails.ts's `alertMatchEmail`.
 */
export const priceAlertKind: AlertKind<CreateNotification> = {
  kind: 'price',
  route: {
    path: '/api/notifications',
    summary: 'Create a flight alert (at most 3 active; dates from tomorrow at the origin airport)',
    body: createNotificationSchema,
    errors: [400, 401, 403, 404, 409],
  },
  travelDates: (body) => body.travel_dates,
  columns: (body) => ({
    // The contract allows whole cents only; the round only drops the float's last bits (49.99 * 100).
    maxPriceCents: Math.round(body.max_price * 100),
    gowildOnly: body.gowild_only,
    phoneNumber: body.phone_number ? body.phone_number : null,
    smsConsent: body.sms_consent,
  }),
  // A price alert always has its price (a check in the table says so).
  confirmation: (owner, row, links) => alertConfirmationEmail(owner, { ...row, maxPriceCents: row.maxPriceCents ?? 0 }, links),
  createdMessage: (row) => alertCreatedFromPage(row.travelDates.length),
};
