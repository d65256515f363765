import { type Plan, type PublicConfig, publicConfigSchema } from '@gowild/contract/config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { prepareJson, sendPreparedJson } from '../../lib/prepared-json';

/** The plans catalogue (docs/product/accounts-and-plans.md#plans-catalogue): every price shown or charged comes from here. */
export function planCatalogue(config: Config): Plan[] {
  return [
    {
      id: 'monthly',
      name: 'Monthly',
      price: config.PLAN_MONTHLY_PRICE,
      regularPrice: config.PLAN_MONTHLY_REGULAR_PRICE,
      interval: 'month',
      trialDays: config.TRIAL_DAYS,
    },
    {
      id: 'yearly',
      name: 'Yearly',
      price: config.PLAN_YEARLY_PRICE,
      regularPrice: config.PLAN_YEARLY_REGULAR_PRICE,
      interval: 'year',
      trialDays: config.TRIAL_DAYS,
    },
  ];
}

/** The figures and switches the web app renders from; nothing here is secret. */
function buildPublicConfig(config: Config): PublicConfig {
  const demo = (live: boolean) => (live ? 'live' : 'demo') as 'live' | 'demo';
  return {
    appVersion: config.APP_VERSION,
    supportEmail: config.SUPPORT_EMAIL,
    freeSearchesPerDay: config.FREE_SEARCHES_PER_DAY,
    plans: planCatalogue(config),
    googleClientId: config.GOOGLE_CLIENT_ID ?? null,
    passCharges: {
      earlyBookingChargeFrom: config.GOWILD_EARLY_BOOKING_CHARGE_USD > 0 ? config.GOWILD_EARLY_BOOKING_CHARGE_USD : null,
      peakDayChargeFrom: config.GOWILD_PEAK_DAY_CHARGE_USD > 0 ? config.GOWILD_PEAK_DAY_CHARGE_USD : null,
    },
    providers: {
      flights: demo(config.FLIGHTS_PROVIDER === 'frontier'),
      weather: demo(config.WEATHER_PROVIDER === 'open-meteo'),
      email: demo(Boolean(config.SMTP_URL)),
      billing: demo(Boolean(config.STRIPE_SECRET_KEY)),
      hotels: demo(Boolean(config.RAPIDAPI_KEY)),
      cars: demo(Boolean(config.RAPIDAPI_KEY)),
      geo: demo(config.GEO_PROVIDER === 'ipapi'),
    },
  };
}

export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // Fixed for the life of the process: checked against its schema and serialised once (decision 064), with an ETag.
  const body = prepareJson(JSON.stringify(publicConfigSchema.parse(buildPublicConfig(config))));
  app.get(
    '/api/config',
    { schema: { tags: ['reference'], summary: 'Public configuration', response: { 200: publicConfigSchema } } },
    async (request, reply) => sendPreparedJson(request, reply, body),
  );
};
