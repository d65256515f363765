import { errors, route } from '../route';
import {
  rereadResponseSchema,
  statusResponseSchema,
  unreadablePageBodyResponseSchema,
  unreadablePageParamsSchema,
  unreadablePagesQuerySchema,
  unreadablePagesResponseSchema,
} from '../status';

const adminErrors = errors(400, 401, 403);

/** Data health (docs/product/status.md): the public status, and the unreadable airline pages for admins. */
export const statusRoutes = {
  status: route({
    method: 'GET',
    path: '/api/status',
    tags: ['status'],
    summary: 'Data health: each outside service, up, degraded or down, over the last hour (public)',
    access: 'public',
    responses: { 200: statusResponseSchema },
  }),
  unreadablePages: route({
    method: 'GET',
    path: '/api/admin/unreadable-pages',
    tags: ['admin'],
    summary: 'Airline pages the adapter could not read, newest first (without bodies)',
    access: 'admin',
    query: unreadablePagesQuerySchema,
    responses: { 200: unreadablePagesResponseSchema, ...adminErrors },
  }),
  unreadablePage: route({
    method: 'GET',
    path: '/api/admin/unreadable-pages/:id',
    tags: ['admin'],
    summary: 'One unreadable airline page with its kept body, as text',
    access: 'admin',
    params: unreadablePageParamsSchema,
    responses: { 200: unreadablePageBodyResponseSchema, ...adminErrors, ...errors(404) },
  }),
  // Also the operator CLI's, with the token it publishes on listen.
  reread: route({
    method: 'POST',
    path: '/api/admin/unreadable-pages/reread',
    tags: ['admin'],
    summary: "Every kept unreadable airline page read again with today's adapter: which now read, which still do not",
    access: 'admin',
    responses: { 200: rereadResponseSchema, ...adminErrors },
  }),
};
