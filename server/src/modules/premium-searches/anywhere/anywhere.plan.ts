import { ANYWHERE_LIMITS, ANYWHERE_MESSAGES, type AnywhereParameters } from '@gowild/contract/anywhere';
import { addDays, daysBetween, isoDateSchema } from '@gowild/contract/dates';
import { badRequest } from '../../../lib/http-error';
import { type PlanContext, type SearchPlan, planOutbound } from '../../flights/flights.module';

/** A checked anywhere search: the outbound search's queries on every day of the range, grouped by destination. */
export interface AnywherePlan {
  search: SearchPlan;
  parameters: AnywhereParameters;
}

export interface AnywherePlanInput {
  origin: string;
  from: string;
  to: string;
}

/**
 * The range's rules (docs/product/anywhere.md#api): `from` and `to` real dates, `to` not before `from`, at most
 * ANYWHERE_LIMITS.maxDays days; then the outbound search's own rules for the origin and for both ends of the range
 * (not past at the departure airports, within the search's horizon). Every route out of the origin airports is asked
 * on every day; a destination gathers its flights of all the days.
 */
export function planAnywhere(input: AnywherePlanInput, ctx: PlanContext): AnywherePlan {
  if (!isoDateSchema.safeParse(input.from).success) throw badRequest(ANYWHERE_MESSAGES.fromInvalid);
  if (!isoDateSchema.safeParse(input.to).success) throw badRequest(ANYWHERE_MESSAGES.toInvalid);
  const span = daysBetween(input.from, input.to);
  if (span < 0) throw badRequest(ANYWHERE_MESSAGES.toBeforeFrom);
  if (span + 1 > ANYWHERE_LIMITS.maxDays) throw badRequest(ANYWHERE_MESSAGES.tooManyDays);
  const first = planOutbound({ origin: input.origin, date: input.from }, ctx);
  if (span > 0) planOutbound({ origin: input.origin, date: input.to }, ctx);
  const dates = Array.from({ length: span + 1 }, (_, i) => addDays(input.from, i));
  const maxWorkers = Math.max(1, Math.min(ANYWHERE_LIMITS.maxWorkersDefault, ctx.maxWorkersCap));
  const sp = first.search_parameters;
  return {
    search: {
      kind: 'anywhere',
      direction: 'outbound',
      // Day by day, so the first days are asked first: the pool takes the queries in this order.
      queries: dates.flatMap((date) => first.queries.map((q) => ({ ...q, date }))),
      codes: first.codes,
      search_parameters: { ...sp, max_workers: maxWorkers },
    },
    parameters: {
      origin: sp.origin,
      origin_airports: sp.origin_airports,
      from: input.from,
      to: input.to,
      dates,
      max_workers: maxWorkers,
    },
  };
}
