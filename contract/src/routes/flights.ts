import { anywhereQuerySchema } from '../anywhere';
import { connectionsQuerySchema, connectionsResponseSchema } from '../connections';
import { flightSearchResponseSchema, inboundQuerySchema, searchQuerySchema, singleQuerySchema } from '../flights';
import { getHomeQuerySchema, getHomeResponseSchema } from '../get-home';
import { hubSearchQuerySchema, hubSearchResponseSchema } from '../hub-search';
import { route } from '../route';
import { tripFinderQuerySchema, tripFinderResponseSchema } from '../trip-finder';

const tags = ['flights'];

/**
 * The paid searches (docs/product/search.md and the premium search pages): each passes the search gate first (401
 * visitors, 403 for a kind the plan lacks, 429 a free quota used up), then its query (400). Only the outbound search
 * is open to free accounts, and only without a destination (a destination makes it a single-route search, premium).
 */
export const flightsRoutes = {
  search: route({
    method: 'GET',
    path: '/api/flights/search',
    tags,
    summary: 'Flights from an origin to every destination, or to one',
    access: 'signed-in',
    answer: 'json-or-csv',
    query: searchQuerySchema,
    responses: { 200: flightSearchResponseSchema },
  }),
  single: route({
    method: 'GET',
    path: '/api/flights/single',
    tags,
    summary: 'Flights on one route',
    access: 'premium',
    answer: 'json-or-csv',
    query: singleQuerySchema,
    responses: { 200: flightSearchResponseSchema },
  }),
  recheck: route({
    method: 'POST',
    path: '/api/flights/recheck',
    tags,
    summary: 'A live re-check of one destination (premium)',
    access: 'premium',
    answer: 'json-or-csv',
    query: singleQuerySchema,
    responses: { 200: flightSearchResponseSchema },
  }),
  inbound: route({
    method: 'GET',
    path: '/api/flights/inbound',
    tags,
    summary: 'Flights from every origin into a destination (premium)',
    access: 'premium',
    answer: 'json-or-csv',
    query: inboundQuerySchema,
    responses: { 200: flightSearchResponseSchema },
  }),
  searchStream: route({
    method: 'GET',
    path: '/api/flights/search/stream',
    tags,
    summary: 'The outbound search as NDJSON events (searchStreamEventSchema)',
    access: 'signed-in',
    answer: 'stream',
    query: searchQuerySchema,
    responses: {},
  }),
  inboundStream: route({
    method: 'GET',
    path: '/api/flights/inbound/stream',
    tags,
    summary: 'The inbound search as NDJSON events (searchStreamEventSchema)',
    access: 'premium',
    answer: 'stream',
    query: inboundQuerySchema,
    responses: {},
  }),
  hub: route({
    method: 'GET',
    path: '/api/flights/hub',
    tags,
    summary: 'Two-flight GoWild trips through a hub, as separate tickets (premium)',
    access: 'premium',
    query: hubSearchQuerySchema,
    responses: { 200: hubSearchResponseSchema },
  }),
  home: route({
    method: 'GET',
    path: '/api/flights/home',
    tags,
    summary: 'Get me home: the soonest ways home today and tomorrow from near the traveller (premium)',
    access: 'premium',
    answer: 'json-or-csv',
    query: getHomeQuerySchema,
    responses: { 200: getHomeResponseSchema },
  }),
  trips: route({
    method: 'GET',
    path: '/api/flights/trips',
    tags,
    summary: 'Trip finder: GoWild round trips and day trips from an origin over a range of dates, best first (premium)',
    access: 'premium',
    query: tripFinderQuerySchema,
    responses: { 200: tripFinderResponseSchema },
  }),
  connections: route({
    method: 'GET',
    path: '/api/flights/connections',
    tags,
    summary: 'GoWild connections of up to three flights, each a separate booking (premium)',
    access: 'premium',
    keyed: true,
    query: connectionsQuerySchema,
    responses: { 200: connectionsResponseSchema },
  }),
  anywhere: route({
    method: 'GET',
    path: '/api/flights/anywhere',
    tags,
    summary: 'Every destination from an origin over up to 7 days, one way: NDJSON events (anywhereStreamEventSchema) or CSV (premium)',
    access: 'premium',
    keyed: true,
    answer: 'stream',
    query: anywhereQuerySchema,
    responses: {},
  }),
};
