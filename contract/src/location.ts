import { z } from 'zod';

/**
 * GET /api/location: where the caller's IP address is, as far as the server can tell. `known: false` is the honest
 * answer of the offline default, of private and loopback addresses, and of a lookup that failed.
 */
export const ipLocationResponseSchema = z.discriminatedUnion('known', [
  z.object({
    known: z.literal(true),
    lat: z.number(),
    lng: z.number(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    method: z.literal('ip'),
  }),
  z.object({ known: z.literal(false), reason: z.string() }),
]);
export type IpLocationResponse = z.infer<typeof ipLocationResponseSchema>;
