import { HUB_LIMITS } from '@gowild/contract/hub-search';
import { expandAirportInput } from '@gowild/contract/city-groups';
import { type PlanContext, planOutbound } from '../../flights/flights.module';
import type { HubPlan } from './hub-search';

export interface HubPlanInput {
  origin: string;
  destination?: string;
  date: string;
  min_layover?: number | '';
  overnight?: boolean;
}

/**
 * A hub search's input by the search's own rules (docs/product/search.md#input-rules): known airports or cities, a
 * date from today at the origin up to a year ahead, a destination other than the origin; blank destination means
 * anywhere. Refusals are the search's 400s.
 */
export function planHub(input: HubPlanInput, ctx: PlanContext): HubPlan {
  const blank = input.destination === undefined || input.destination.trim() === '';
  const read = planOutbound({ origin: input.origin, date: input.date, ...(blank ? {} : { destination: input.destination }) }, ctx);
  const sp = read.search_parameters;
  return {
    origin: sp.origin,
    origins: sp.origin_airports,
    destination: sp.destination,
    destinations: sp.destination ? expandAirportInput(sp.destination) : null,
    date: sp.date,
    minLayoverMinutes: typeof input.min_layover === 'number' ? input.min_layover : HUB_LIMITS.minLayoverDefault,
    overnight: input.overnight ?? true,
    maxWorkers: ctx.maxWorkersCap,
  };
}
