import { airportsResponseSchema } from '@gowild/contract/reference';
import { referenceRoutes as routes } from '@gowild/contract/routes/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import { prepareJson, sendPreparedJson } from '../../lib/prepared-json';
import { listAirports } from '../../lib/reference-data/airports';
import type { ReferenceService } from './reference.service';

// The route network itself is premium data: GET /api/routes lives in the route-map module (decision 085).
export const referenceRoutes: FastifyPluginAsyncZod<{ reference: ReferenceService }> = async (app, { reference }) => {
  const airports = listAirports().map(({ frontier: _frontier, ...a }) => a);
  // The list never changes while the process runs: checked against its schema, serialised and compressed once
  // (decision 064), with an ETag.
  const airportsAnswer = prepareJson(JSON.stringify(airportsResponseSchema.parse({ airports })));

  contractRoute(app, routes.airports, {}, async (request, reply) =>
    sendPreparedJson(request, reply.header('cache-control', 'public, max-age=3600'), airportsAnswer),
  );
  contractRoute(app, routes.blackoutDates, {}, async () => reference.blackoutDates());
};
