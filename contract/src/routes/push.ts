import { z } from 'zod';
import {
  pushDevicesResponseSchema,
  pushMessageResponseSchema,
  pushPublicKeyResponseSchema,
  pushSubscribedResponseSchema,
  pushSubscriptionSchema,
  pushTestResponseSchema,
  pushUnsubscribeSchema,
} from '../push';
import { errors, route } from '../route';

const tags = ['notifications'];
const pushErrors = errors(400, 401, 403, 404, 429);

/**
 * Web push (docs/product/alerts.md#web-push): subscribing and testing are premium; listing and removing need a session
 * only, so a device can be switched off once premium ends.
 */
export const pushRoutes = {
  publicKey: route({
    method: 'GET',
    path: '/api/push/public-key',
    tags,
    summary: "The server's VAPID public key (URL-safe base64), the applicationServerKey browsers subscribe with",
    access: 'public',
    responses: { 200: pushPublicKeyResponseSchema },
  }),
  devices: route({
    method: 'GET',
    path: '/api/push/subscriptions',
    tags,
    summary: "The caller's browsers subscribed to push",
    access: 'signed-in',
    responses: { 200: pushDevicesResponseSchema, ...pushErrors },
  }),
  subscribe: route({
    method: 'POST',
    path: '/api/push/subscriptions',
    tags,
    summary: "Subscribe this browser (its PushSubscription.toJSON()); premium. The endpoint must be a known push service's https address",
    access: 'premium',
    body: pushSubscriptionSchema,
    responses: { 201: pushSubscribedResponseSchema, ...pushErrors },
  }),
  test: route({
    method: 'POST',
    path: '/api/push/test',
    tags,
    summary: "A test notification to each of the caller's devices, sent now; premium. What each push service answered",
    access: 'premium',
    responses: { 200: pushTestResponseSchema, ...pushErrors },
  }),
  unsubscribe: route({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    tags,
    summary: "Unsubscribe this browser by its endpoint (404 when it is not the caller's)",
    access: 'signed-in',
    body: pushUnsubscribeSchema,
    responses: { 200: pushMessageResponseSchema, ...pushErrors },
  }),
  removeDevice: route({
    method: 'DELETE',
    path: '/api/push/subscriptions/:id',
    tags,
    summary: "Remove one of the caller's devices from the list (404 for anyone else's)",
    access: 'signed-in',
    params: z.object({ id: z.string() }),
    responses: { 200: pushMessageResponseSchema, ...pushErrors },
  }),
};
