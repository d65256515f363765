import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { Counter, type Registry } from 'prom-client';
import type { Clock } from '../../lib/clock';
import { type PreparedJson, prepareJson, sendPreparedJson } from '../../lib/prepared-json';
import type { Caller } from '../accounts/accounts.module';
import type { SearchPlan } from './flight-search.plan';
import type { SearchRun } from './flight-search.service';

/** A search's answer as sent: serialised (and compressed) once, for one entitlement view, until `expiresAt`. */
export interface CachedAnswer {
  readonly prepared: PreparedJson;
  /** What the search gate's ticket is settled with when the answer is served again. */
  readonly run: SearchRun;
  /** Epoch ms on the app clock: the moment its oldest airline answer stops being fresh (never later). */
  readonly expiresAt: number;
}

/**
 * Whom an answer was assembled for (docs/product/search.md#seat-counts): premium callers see seat counts, everyone
 * else the same flights without them. Answers are never shared across views.
 */
const viewOf = (caller: Pick<Caller, 'isPremium'>) => (caller.isPremium ? 'premium' : 'standard');

/** Answers that go out with an ETag: the browser may keep them but must ask again (and pass the gate) every time. */
const ANSWER_CACHE_CONTROL = 'private, no-cache';

function answerCacheCounter(registry: Registry) {
  const name = 'flight_answer_cache_total';
  return (
    (registry.getSingleMetric(name) as Counter<'result'> | undefined) ??
    new Counter({
      name,
      help: 'Search answers: hit (served from the answer cache), miss (assembled and kept), uncached (partial, stale or short-lived: not kept)',
      labelNames: ['result'] as const,
      registers: [registry],
    })
  );
}

/**
 * The assembled answers of recent searches (decision 063): each search's JSON, keyed by its entitlement view and its
 * plan (direction, kind, search parameters, result keys), kept no longer than the flight cache's fresh time allows
 * for the oldest airline answer in it. Only whole, fresh answers are kept: a partial answer, or one with stale
 * destinations, is assembled again next time, when the airline may have recovered. The quota and the search log
 * are not here: the search session settles the gate's ticket for every request, hit or not.
 */
export function createAnswerCache(opts: { clock: Clock; freshSeconds: number; maxBytes: number; metrics: Registry }) {
  const { clock } = opts;
  const counter = answerCacheCounter(opts.metrics);
  const enabled = opts.freshSeconds > 0 && opts.maxBytes > 0;
  const lru = new LRUCache<string, CachedAnswer>({
    maxSize: Math.max(1, opts.maxBytes),
    // The object graph behind `run` is of the order of the JSON it was serialised to; count both.
    sizeCalculation: (a) => Math.max(1, a.prepared.body.length * 2),
  });

  const keyOf = (plan: SearchPlan, caller: Pick<Caller, 'isPremium'>) =>
    JSON.stringify([viewOf(caller), plan.direction, plan.kind, plan.search_parameters, plan.codes]);

  /**
   * The moment the answer stops being fresh: the run's start, plus the fresh time, less the age of its oldest cached
   * airline answer. Ages are whole seconds, rounded; one second more is taken off so the estimate is never late.
   */
  // Never past the moment the answer's first flight stops selling (decision 151): it would then offer it.
  const freshUntil = (run: SearchRun) =>
    Math.min(
      run.startedAt + opts.freshSeconds * 1000 - (Math.max(0, run.oldestAgeSeconds) + 1) * 1000,
      run.firstSalesCloseAt ?? Number.POSITIVE_INFINITY,
    );

  return {
    /** The kept answer for this plan and caller's view, if it is still fresh. */
    lookup(plan: SearchPlan, caller: Pick<Caller, 'isPremium'>): CachedAnswer | undefined {
      if (!enabled) return undefined;
      const key = keyOf(plan, caller);
      const hit = lru.get(key);
      if (!hit) return undefined;
      if (clock.now().getTime() >= hit.expiresAt) {
        lru.delete(key);
        return undefined;
      }
      counter.inc({ result: 'hit' });
      return hit;
    },

    /** Wraps a finished run's serialised answer for sending, and keeps it when it is whole, fresh and long-lived. */
    keep(plan: SearchPlan, caller: Pick<Caller, 'isPremium'>, run: SearchRun, json: string): CachedAnswer {
      const answer: CachedAnswer = { prepared: prepareJson(json), run, expiresAt: freshUntil(run) };
      const whole = !run.allFailed && !run.response.partial && !run.response.stale && run.oldestAgeSeconds >= 0;
      if (enabled && whole && answer.expiresAt > clock.now().getTime()) {
        lru.set(keyOf(plan, caller), answer);
        counter.inc({ result: 'miss' });
      } else counter.inc({ result: 'uncached' });
      return answer;
    },

    /** Sends an answer (ETag, 304, the best coding the client accepts). */
    send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): Promise<FastifyReply> {
      return sendPreparedJson(request, reply.header('cache-control', ANSWER_CACHE_CONTROL), answer.prepared);
    },

    /** Forgets every kept answer (tests, and an operator's route refresh in this process). */
    clear(): void {
      lru.clear();
    },
  };
}
export type AnswerCache = ReturnType<typeof createAnswerCache>;
