import {
  alertChannelsResponseSchema,
  alertDeliveriesResponseSchema,
  channelMessageResponseSchema,
  createNotificationSchema,
  listNotificationsQuerySchema,
  notificationCreatedResponseSchema,
  notificationDeletedResponseSchema,
  notificationsResponseSchema,
  saveDiscordWebhookSchema,
  telegramLinkStartSchema,
} from '../notifications';
import { errors, route } from '../route';
import { createChainAlertSchema, createOriginWideAlertSchema, createSeatsAlertSchema } from '../wider-alerts';
import { createWindowAlertSchema } from '../window-alerts';
import { z } from 'zod';

const tags = ['notifications'];
const alertErrors = errors(400, 401, 403, 404, 409);
const createErrors = errors(400, 401, 403, 409);
const userParams = z.object({ id: z.uuid({ error: 'User not found' }) });

/**
 * Alerts of every kind and their channels (docs/product/alerts.md): premium accounts only, checked before validation.
 * Each kind's create call answers 201 with the alert as the list shows it.
 */
export const alertsRoutes = {
  createPrice: route({
    method: 'POST',
    path: '/api/notifications',
    tags,
    summary: 'Create a flight alert (at most 3 active; dates from tomorrow at the origin airport)',
    access: 'premium',
    body: createNotificationSchema,
    responses: { 201: notificationCreatedResponseSchema, ...alertErrors },
  }),
  createWindowOpen: route({
    method: 'POST',
    path: '/api/notifications/window-open',
    tags,
    summary:
      'Alert me when GoWild opens: one route and a date (or a range of up to 7 with travel_date_to) whose GoWild window has not opened (409 once it has); counts toward the 3 active alerts',
    access: 'premium',
    body: createWindowAlertSchema,
    responses: { 201: notificationCreatedResponseSchema, ...createErrors },
  }),
  createOriginWide: route({
    method: 'POST',
    path: '/api/notifications/origin-wide',
    tags,
    summary:
      'Alert me when any destination from an airport has GoWild on a date or a range of up to 7 (travel_date_to); counts toward the 3 active alerts',
    access: 'premium',
    body: createOriginWideAlertSchema,
    responses: { 201: notificationCreatedResponseSchema, ...createErrors },
  }),
  createSeats: route({
    method: 'POST',
    path: '/api/notifications/seats',
    tags,
    summary: 'Alert me when GoWild seats on a route and date drop to max_seats or fewer; counts toward the 3 active alerts',
    access: 'premium',
    body: createSeatsAlertSchema,
    responses: { 201: notificationCreatedResponseSchema, ...createErrors },
  }),
  createChain: route({
    method: 'POST',
    path: '/api/notifications/chain',
    tags,
    summary: 'Alert me when every flight of a route builder itinerary (2 or 3 flights) has GoWild; counts toward the 3 active alerts',
    access: 'premium',
    body: createChainAlertSchema,
    responses: { 201: notificationCreatedResponseSchema, ...createErrors },
  }),
  list: route({
    method: 'GET',
    path: '/api/notifications',
    tags,
    summary: "The caller's flight alerts, newest first (completed ones with include_completed=true)",
    access: 'premium',
    query: listNotificationsQuerySchema,
    responses: { 200: notificationsResponseSchema, ...alertErrors },
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/notifications/:id',
    tags,
    summary: "Delete one of the caller's alerts that is not completed (404 for anyone else's, 409 once completed)",
    access: 'premium',
    params: z.object({ id: z.string() }),
    responses: { 200: notificationDeletedResponseSchema, ...alertErrors },
  }),
  channels: route({
    method: 'GET',
    path: '/api/alert-channels',
    tags,
    summary: "The caller's alert channels and their targets",
    access: 'premium',
    responses: { 200: alertChannelsResponseSchema, ...alertErrors },
  }),
  startTelegramLink: route({
    method: 'POST',
    path: '/api/alert-channels/telegram/link',
    tags,
    summary: 'A one-time code and t.me link to link a Telegram chat',
    access: 'premium',
    responses: { 200: telegramLinkStartSchema, ...alertErrors },
  }),
  unlinkTelegram: route({
    method: 'DELETE',
    path: '/api/alert-channels/telegram',
    tags,
    summary: 'Unlink the Telegram chat',
    access: 'premium',
    responses: { 200: channelMessageResponseSchema, ...alertErrors },
  }),
  saveDiscord: route({
    method: 'PUT',
    path: '/api/alert-channels/discord',
    tags,
    summary: 'Save a Discord channel webhook (checked, and a test message sent)',
    access: 'premium',
    body: saveDiscordWebhookSchema,
    responses: { 200: channelMessageResponseSchema, ...alertErrors },
  }),
  removeDiscord: route({
    method: 'DELETE',
    path: '/api/alert-channels/discord',
    tags,
    summary: 'Remove the Discord webhook',
    access: 'premium',
    responses: { 200: channelMessageResponseSchema, ...alertErrors },
  }),
  deliveries: route({
    method: 'GET',
    path: '/api/alert-deliveries',
    tags,
    summary: "The delivery history of the caller's alerts, newest first",
    access: 'premium',
    responses: { 200: alertDeliveriesResponseSchema, ...alertErrors },
  }),
  userDeliveries: route({
    method: 'GET',
    path: '/api/admin/users/:id/deliveries',
    tags: ['admin'],
    summary: "A user's alert delivery history (admins)",
    access: 'admin',
    params: userParams,
    responses: { 200: alertDeliveriesResponseSchema, ...alertErrors },
  }),
};
