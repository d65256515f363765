import { z } from 'zod';
import { publicConfigSchema } from '../config';
import { ipLocationResponseSchema } from '../location';
import { airportsResponseSchema, blackoutDatesResponseSchema, routesResponseSchema } from '../reference';
import { errors, route } from '../route';
import { weatherResponseSchema } from '../weather';

const tags = ['reference'];

/** Reference data, the public configuration, the caller's place and the weather: public, but for the route network. */
export const referenceRoutes = {
  airports: route({
    method: 'GET',
    path: '/api/airports',
    tags,
    summary: 'Every airport the product knows',
    access: 'public',
    keyed: true,
    responses: { 200: airportsResponseSchema },
  }),
  blackoutDates: route({
    method: 'GET',
    path: '/api/gowild/blackout-dates',
    tags,
    summary: 'GoWild blackout dates (YYYY-MM-DD)',
    access: 'public',
    keyed: true,
    responses: { 200: blackoutDatesResponseSchema },
  }),
  // The route network is premium data (decision 085): the route map.
  routeNetwork: route({
    method: 'GET',
    path: '/api/routes',
    tags,
    summary: 'The directed route network (premium: the route map)',
    access: 'premium',
    responses: { 200: routesResponseSchema, ...errors(401, 403) },
  }),
  config: route({
    method: 'GET',
    path: '/api/config',
    tags,
    summary: 'Public configuration',
    access: 'public',
    responses: { 200: publicConfigSchema },
  }),
  location: route({
    method: 'GET',
    path: '/api/location',
    tags,
    summary: "The caller's approximate location by IP address",
    access: 'public',
    responses: { 200: ipLocationResponseSchema },
  }),
  weather: route({
    method: 'GET',
    path: '/api/weather/:destination',
    tags: ['weather'],
    summary: 'Daily forecast at an airport: 7 days from today, or the given dates (within 16 days)',
    access: 'public',
    params: z.object({ destination: z.string().max(20) }),
    query: z.object({
      dates: z.string().max(400).optional(),
      start: z.string().max(20).optional(),
      end: z.string().max(20).optional(),
    }),
    responses: { 200: weatherResponseSchema },
  }),
};
