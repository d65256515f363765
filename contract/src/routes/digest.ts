import { z } from 'zod';
import { digestDeliveriesResponseSchema, digestSettingsInputSchema, digestStateSchema, digestUnsubscribeQuerySchema } from '../digest';
import { errors, route } from '../route';

const tags = ['notifications'];
const digestErrors = errors(400, 401, 403, 429);

/** The digest (docs/product/digest.md): the signed-in traveller's opt-in and history, and the token-signed unsubscribe. */
export const digestRoutes = {
  state: route({
    method: 'GET',
    path: '/api/digest',
    tags,
    summary: "The caller's digest opt-in, the channels linked to the account and what the plan allows",
    access: 'signed-in',
    responses: { 200: digestStateSchema, ...digestErrors },
  }),
  save: route({
    method: 'PUT',
    path: '/api/digest',
    tags,
    summary: 'Opt in to (or change, or switch off) the digest: origins, channels, daily or weekly, local hour and time zone',
    access: 'signed-in',
    body: digestSettingsInputSchema,
    responses: { 200: digestStateSchema, ...digestErrors },
  }),
  deliveries: route({
    method: 'GET',
    path: '/api/digest/deliveries',
    tags,
    summary: "The caller's digests in the delivery history, newest first (any plan: a free traveller's weekly e-mail too)",
    access: 'signed-in',
    responses: { 200: digestDeliveriesResponseSchema, ...digestErrors },
  }),
  userDeliveries: route({
    method: 'GET',
    path: '/api/admin/users/:id/digest-deliveries',
    tags: ['admin'],
    summary: "A user's digest deliveries (admins; beside the alert deliveries)",
    access: 'admin',
    params: z.object({ id: z.uuid({ error: 'User not found' }) }),
    responses: { 200: digestDeliveriesResponseSchema, ...digestErrors },
  }),
  // The signed token is the authority: no sign-in.
  unsubscribePage: route({
    method: 'GET',
    path: '/api/digest/unsubscribe',
    tags,
    summary: "The digest e-mail's unsubscribe link: a page with one button that unsubscribes (no sign-in)",
    access: 'public',
    answer: 'html',
    query: digestUnsubscribeQuerySchema,
    responses: {},
  }),
  unsubscribe: route({
    method: 'POST',
    path: '/api/digest/unsubscribe',
    tags,
    summary:
      'One-click unsubscribe (RFC 8058): switches the digest off for the traveller the signed token names; no sign-in. ' +
      'Answers { message } (a page to a browser posting the form)',
    access: 'public',
    query: digestUnsubscribeQuerySchema,
    body: z.unknown().optional(),
    // { message } as JSON, or a page to a browser posting the form: not checked against a schema.
    responses: {},
  }),
};
