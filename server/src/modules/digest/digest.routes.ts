import { DIGEST_MESSAGES, digestUnsubscribedSchema } from '@gowild/contract/digest';
import { digestRoutes as routes } from '@gowild/contract/routes/digest';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import type { AuthService } from '../accounts/accounts.module';
import { escapeHtml, htmlPage } from './digest-content';
import type { DigestService } from './digest.service';

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

  const preHandler = async (request: FastifyRequest) => void (await traveller(request));

  contractRoute(app, routes.state, { preHandler }, async (request) => digest.state(await traveller(request)));
  contractRoute(app, routes.save, { preHandler }, async (request) => digest.save(await traveller(request), request.body));
  contractRoute(app, routes.deliveries, { preHandler }, async (request) => digest.deliveries((await traveller(request)).id));
  contractRoute(app, routes.userDeliveries, { preHandler: async (request) => void (await auth.requireAdmin(request)) }, async (request) =>
    digest.deliveries(request.params.id),
  );

  contractRoute(app, routes.unsubscribePage, {}, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(confirmPage(request.query.token)),
  );

  contractRoute(app, routes.unsubscribe, {}, async (request, reply) => {
    const message = await digest.unsubscribe(request.query.token);
    if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') && request.headers.accept?.includes('text/html'))
      return reply.type('text/html; charset=utf-8').send(htmlPage(`<p>${escapeHtml(message)}</p>`));
    return digestUnsubscribedSchema.parse({ message });
  });
};
