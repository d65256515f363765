import {
  gridQuerySchema,
  gridResponseSchema,
  priceHistoryQuerySchema,
  priceHistoryResponseSchema,
  routeInsightsQuerySchema,
  routeInsightsResponseSchema,
} from '../observations';
import { errors, route } from '../route';

const tags = ['flights'];
const observationErrors = errors(400, 401, 403);

/** What kept observations answer (docs/product/observations.md): never an airline request, never charged as a search. */
export const observationsRoutes = {
  grid: route({
    method: 'GET',
    path: '/api/flights/grid',
    tags,
    summary: 'Every destination by date from kept observations (premium; seats included)',
    access: 'premium',
    keyed: true,
    query: gridQuerySchema,
    responses: { 200: gridResponseSchema, ...observationErrors },
  }),
  priceHistory: route({
    method: 'GET',
    path: '/api/flights/price-history',
    tags,
    summary: "One route's Standard and Discount Den fares for a date over time, with its GoWild likelihood and good price",
    access: 'signed-in',
    keyed: true,
    query: priceHistoryQuerySchema,
    responses: { 200: priceHistoryResponseSchema, ...observationErrors },
  }),
  routeInsights: route({
    method: 'GET',
    path: '/api/flights/route-insights',
    tags,
    summary: 'GoWild likelihood and good price for every destination from the origin on a date',
    access: 'signed-in',
    keyed: true,
    query: routeInsightsQuerySchema,
    responses: { 200: routeInsightsResponseSchema, ...observationErrors },
  }),
};
