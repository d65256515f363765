import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SearchGate, SearchKind, SearchTicket } from '../accounts/accounts.module';

/**
 * The search gate at the HTTP edge, shared by every paid-search route: `preHandler` admits the request (401, 403,
 * 429, reserving one search) before its query is validated; refused input (any error before the search session
 * settles the ticket) gives the reservation back with no log line; `ticketOf` hands the handler its ticket.
 */
export function searchAdmission(app: FastifyInstance, searchGate: SearchGate) {
  const tickets = new WeakMap<FastifyRequest, SearchTicket>();
  app.addHook('onError', async (request) => {
    await tickets.get(request)?.cancel();
  });
  return {
    /** The gate for a search of the kind the (not yet validated) query asks for. */
    preHandler:
      (kindOf: (query: unknown) => SearchKind) =>
      async (request: FastifyRequest): Promise<void> => {
        tickets.set(request, await searchGate.admit(request, kindOf(request.query)));
      },
    ticketOf: (request: FastifyRequest): SearchTicket => tickets.get(request)!,
  };
}

/** Fires when the client closes its connection before the answer has been written: stop the search's airline queries. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  return controller.signal;
}
