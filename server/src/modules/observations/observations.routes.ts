import { SEARCH_MESSAGES } from '@gowild/contract/flights';
import {
  OBSERVATION_MESSAGES,
  gridQuerySchema,
  gridResponseSchema,
  priceHistoryQuerySchema,
  priceHistoryResponseSchema,
  routeInsightsQuerySchema,
  routeInsightsResponseSchema,
} from '@gowild/contract/observations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../lib/http-error';
import type { AuthService } from '../accounts/accounts.module';
import type { ObservationsService } from './observations.service';

/**
 * What kept observations answer (docs/product/observations.md), never with an airline request and never charged as
 * a search: the grid (premium; 401 visitors, 403 with the grid's premium text), and the price history and route
 * insights the results cards read (any signed-in user).
 */
export const observationsRoutes: FastifyPluginAsyncZod<{
  auth: Pick<AuthService, 'requireUser' | 'requirePremium'>;
  service: ObservationsService;
}> = async (app, { auth, service }) => {
  const docs = (summary: string) => ({ tags: ['flights'], summary, security: [{ bearer: [] }] });
  const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

  app.get(
    '/api/flights/grid',
    {
      schema: {
        ...docs('Every destination by date from kept observations (premium; seats included)'),
        querystring: gridQuerySchema,
        response: { 200: gridResponseSchema, ...errors },
      },
      // Before validation, as every gated route: a visitor hears 401 whatever the query.
      preValidation: async (request) =>
        void (await auth.requirePremium(request, OBSERVATION_MESSAGES.gridPremium, SEARCH_MESSAGES.loginRequired)),
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.grid(request.query, true);
    },
  );

  app.get(
    '/api/flights/price-history',
    {
      schema: {
        ...docs("One route's Standard and Discount Den fares for a date over time, with its GoWild likelihood and good price"),
        querystring: priceHistoryQuerySchema,
        response: { 200: priceHistoryResponseSchema, ...errors },
      },
      preValidation: async (request) => void (await auth.requireUser(request, SEARCH_MESSAGES.loginRequired)),
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.priceHistory(request.query);
    },
  );

  app.get(
    '/api/flights/route-insights',
    {
      schema: {
        ...docs('GoWild likelihood and good price for every destination from the origin on a date'),
        querystring: routeInsightsQuerySchema,
        response: { 200: routeInsightsResponseSchema, ...errors },
      },
      preValidation: async (request) => void (await auth.requireUser(request, SEARCH_MESSAGES.loginRequired)),
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.insights(request.query);
    },
  );
};
