import { route, errors } from '../route';
import { tripLookupQuerySchema, tripLookupResponseSchema } from '../trips';

/** A chosen trip read again by its flight hashes (docs/product/search.md#summary-links). */
export const tripsRoutes = {
  summary: route({
    method: 'GET',
    path: '/api/trips/summary',
    tags: ['flights'],
    summary: 'A chosen trip looked up by its flight hashes (premium)',
    access: 'premium',
    query: tripLookupQuerySchema,
    responses: { 200: tripLookupResponseSchema, ...errors(400, 401, 403, 404, 503) },
  }),
};
