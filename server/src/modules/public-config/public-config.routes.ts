import { type Plan, type PublicConfig, publicConfigSchema } from '@gowild/contract/config';
import { referenceRoutes as routes } from '@gowild/contract/routes/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { contractRoute } from '../../lib/contract-route';
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

/** Capabilities whose mode is the provider the composition root chose (rather than read from one setting here). */
export interface PublicConfigLive {
  hotels?: boolean;
  cars?: boolean;
}

/** The figures and switches the web app renders from; nothing here is secret. */
function buildPublicConfig(config: Config, live: PublicConfigLive = {}): PublicConfig {
  const demo = (on: boolean) => (on ? 'live' : 'demo') as 'live' | 'demo';
  return {
    appVersion: config.APP_VERSION,
    supportEmail: config.SUPPORT_EMAIL,
    freeSearchesPerDay: config.FREE_SEARCHES_PER_DAY,
    plans: planCatalogue(config),
    googleClientId: config.GOOGLE_CLIENT_ID ?? null,
    mapTiles: config.TILE_URL ? { url: config.TILE_URL, attribution: config.TILE_ATTRIBUTION } : null,
    passCharges: {
      earlyBookingChargeFrom: config.GOWILD_EARLY_BOOKING_CHARGE_USD > 0 ? config.GOWILD_EARLY_BOOKING_CHARGE_USD : null,
      peakDayChargeFrom: config.GOWILD_PEAK_DAY_CHARGE_USD > 0 ? config.GOWILD_PEAK_DAY_CHARGE_USD : null,
    },
    connections: { minTransferMinutes: config.CONNECTION_MIN_TRANSFER_MINUTES },
    providers: {
      flights: demo(config.FLIGHTS_PROVIDER === 'frontier'),
      weather: demo(config.WEATHER_PROVIDER === 'open-meteo'),
      email: demo(Boolean(config.SMTP_URL)),
      billing: demo(Boolean(config.STRIPE_SECRET_KEY)),
      hotels: demo(live.hotels ?? Boolean(config.RAPIDAPI_KEY)),
      cars: demo(live.cars ?? Boolean(config.RAPIDAPI_KEY)),
      geo: demo(config.GEO_PROVIDER === 'ipapi'),
    },
  };
}

export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: Config; live?: PublicConfigLive }> = async (app, { config, live }) => {
  // Fixed for the life of the process: checked against its schema and serialised once (decision 064), with an ETag.
  const body = prepareJson(JSON.stringify(publicConfigSchema.parse(buildPublicConfig(config, live))));
  contractRoute(app, routes.config, {}, async (request, reply) => sendPreparedJson(request, reply, body));
};
