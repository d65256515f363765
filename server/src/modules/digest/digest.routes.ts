import {
  DIGEST_MESSAGES,
  digestDeliveriesResponseSchema,
  digestSettingsInputSchema,
  digestStateSchema,
  digestUnsubscribeQuerySchema,
  digestUnsubscribedSchema,
} from '@gowild/contract/digest';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../lib/http-error';
import type { AuthService } from '../accounts/accounts.module';
import { escapeHtml, htmlPage } from './digest-content';
import type { DigestService } from './digest.service';

const tags = ['notifications'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse };

/** The page a person (not a mail client) sees from the e-mail's link: one button, so a link scanner's GET unsubscribes no one. */
function confirmPage(token: string): string {
  return htmlPage(`<h1 style="font-size:20px">Unsubscribe from the GoWild digest?</h1>
<form method="post" action="/api/digest/unsubscribe?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="padding:8px 16px;font-size:16px">Unsubscribe</button>
</form>`);
}

/**
 * /api/digest (docs/product/digest.md): the signed-in traveller's opt-in (read it, write it) and the one-click
 * unsubscribe of the digest e-mails (RFC 8058), which needs no session: the token in its address is signed for one
 * traveller.
 */
export const digestRoutes: FastifyPluginAsyncZod<{
  auth: Pick<AuthService, 'requireUser' | 'requireAdmin'>;
  digest: DigestService;
}> = async (app, { auth, digest }) => {
  const traveller = async (request: FastifyRequest) => {
    const { user } = await auth.requireUser(request, DIGEST_MESSAGES.loginRequired);
    return { id: user.id, isPremium: user.isPremium };
  };
  // A mail client's one-click POST is a form (List-Unsubscribe=One-Click); its body says nothing the token does not.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.get(
    '/api/digest',
    {
      preHandler: async (request) => void (await traveller(request)),
      schema: {
        tags,
        summary: "The caller's digest opt-in, the channels linked to the account and what the plan allows",
        response: { 200: digestStateSchema, ...errors },
      },
    },
    async (request) => digest.state(await traveller(request)),
  );

  app.put(
    '/api/digest',
    {
      preHandler: async (request) => void (await traveller(request)),
      schema: {
        tags,
        summary: 'Opt in to (or change, or switch off) the digest: origins, channels, daily or weekly, local hour and time zone',
        body: digestSettingsInputSchema,
        response: { 200: digestStateSchema, ...errors },
      },
    },
    async (request) => digest.save(await traveller(request), request.body),
  );

  app.get(
    '/api/digest/deliveries',
    {
      preHandler: async (request) => void (await traveller(request)),
      schema: {
        tags,
        summary: "The caller's digests in the delivery history, newest first (any plan: a free traveller's weekly e-mail too)",
        response: { 200: digestDeliveriesResponseSchema, ...errors },
      },
    },
    async (request) => digest.deliveries((await traveller(request)).id),
  );

  app.get(
    '/api/admin/users/:id/digest-deliveries',
    {
      preHandler: async (request) => void (await auth.requireAdmin(request)),
      schema: {
        tags: ['admin'],
        summary: "A user's digest deliveries (admins; beside the alert deliveries)",
        params: z.object({ id: z.uuid({ error: 'User not found' }) }),
        response: { 200: digestDeliveriesResponseSchema, ...errors },
      },
    },
    async (request) => digest.deliveries(request.params.id),
  );

  app.get(
    '/api/digest/unsubscribe',
    {
      schema: {
        tags,
        summary: "The digest e-mail's unsubscribe link: a page with one button that unsubscribes (no sign-in)",
        querystring: digestUnsubscribeQuerySchema,
      },
    },
    async (request, reply) => reply.type('text/html; charset=utf-8').send(confirmPage(request.query.token)),
  );

  app.post(
    '/api/digest/unsubscribe',
    {
      schema: {
        tags,
        summary:
          'One-click unsubscribe (RFC 8058): switches the digest off for the traveller the signed token names; no sign-in. ' +
          'Answers { message } (a page to a browser posting the form)',
        querystring: digestUnsubscribeQuerySchema,
        body: z.unknown().optional(),
        // No 400 schema here: the page a browser gets is not JSON (the handler sends the service's 400 as JSON all the same).
      },
    },
    async (request, reply) => {
      const message = await digest.unsubscribe(request.query.token);
      // A person's browser (the page's button) reads a page; a mail client reads the status alone.
      if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') && request.headers.accept?.includes('text/html'))
        return reply.type('text/html; charset=utf-8').send(htmlPage(`<p>${escapeHtml(message)}</p>`));
      return digestUnsubscribedSchema.parse({ message });
    },
  );
};
