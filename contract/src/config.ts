import { z } from 'zod';

/** One plan of the catalogue; every price shown anywhere comes from here (docs/product/accounts-and-plans.md#plans-catalogue). */
export const planSchema = z.object({
  id: z.enum(['monthly', 'yearly']),
  name: z.string(),
  price: z.number(),
  regularPrice: z.number(),
  interval: z.enum(['month', 'year']),
  trialDays: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;

export const providerModeSchema = z.enum(['live', 'demo']);

/** GET /api/config: the public configuration the web app renders from. */
export const publicConfigSchema = z.object({
  appVersion: z.string(),
  supportEmail: z.string(),
  freeSearchesPerDay: z.number().int(),
  plans: z.array(planSchema),
  googleClientId: z.string().nullable(),
  /** Raster tiles for the maps: null draws the bundled basemap (docs/product/maps.md#basemap-and-tiles). */
  mapTiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
  /** The pass year's charges the GoWild explanations name (docs/product/search.md#why-no-gowild); null: not sold. */
  passCharges: z.object({
    earlyBookingChargeFrom: z.number().nullable(),
    peakDayChargeFrom: z.number().nullable(),
  }),
  /**
   * The route builder's shortest self-transfer the server allows (CONNECTION_MIN_TRANSFER_MINUTES): the form's default
   * and its floor (docs/product/connections.md).
   */
  connections: z.object({ minTransferMinutes: z.number().int() }),
  providers: z.object({
    flights: providerModeSchema,
    weather: providerModeSchema,
    email: providerModeSchema,
    billing: providerModeSchema,
    hotels: providerModeSchema,
    cars: providerModeSchema,
    geo: providerModeSchema,
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
