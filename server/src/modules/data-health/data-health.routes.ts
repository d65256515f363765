import type { RereadResponse } from '@gowild/contract/status';
import { statusRoutes as routes } from '@gowild/contract/routes/status';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import { notFound } from '../../lib/http-error';
import type { AuthService } from '../accounts/accounts.module';
import type { OperatorAccess } from './operator-access';
import type { StatusService } from './status.service';
import type { UnreadablePages } from './unreadable-pages.service';
import type { UnreadablePageRow } from './unreadable-pages.repository';

const present = (row: Omit<UnreadablePageRow, 'body'>) => ({
  id: row.id,
  seen_at: row.seenAt.toISOString(),
  url: row.url,
  status: row.status,
  content_type: row.contentType,
  bytes: row.bytes,
  truncated: row.truncated,
  reason: row.reason,
});

export interface DataHealthRouteDeps {
  status: StatusService;
  pages: UnreadablePages;
  auth: Pick<AuthService, 'requireAdmin'>;
  kept: { days: number; max: number };
  /** Every kept page read again with today's adapter (decision 244). */
  reread(): Promise<RereadResponse>;
  operator: OperatorAccess;
}

/**
 * GET /api/status (public), the admins' list of unreadable airline pages, and reading them again; registered from the
 * route table (decision 302).
 */
export const dataHealthRoutes: FastifyPluginAsyncZod<DataHealthRouteDeps> = async (app, deps) => {
  deps.pages.useLog(app.log);

  contractRoute(app, routes.status, {}, async (_request, reply) => {
    // Kept a second or two on the server; a browser or a proxy may keep it as long.
    reply.header('cache-control', 'public, max-age=2');
    return deps.status.status();
  });

  const requireAdmin = async (request: Parameters<AuthService['requireAdmin']>[0]) => {
    await deps.auth.requireAdmin(request);
  };

  contractRoute(app, routes.unreadablePages, { preHandler: requireAdmin }, async (request) => {
    const { page, limit } = request.query;
    const { rows, total } = await deps.pages.list(limit, (page - 1) * limit);
    const pagination = { page, limit, total, pages: Math.ceil(total / limit), as_of: new Date().toISOString() };
    return { pages: rows.map(present), pagination, kept_days: deps.kept.days, kept_max: deps.kept.max };
  });

  contractRoute(app, routes.unreadablePage, { preHandler: requireAdmin }, async (request) => {
    const row = await deps.pages.find(request.params.id);
    if (!row) throw notFound('No such page (it may have been pruned)');
    return { page: { ...present(row), body: row.body } };
  });

  // The operator's CLI asks here while this process holds the embedded database (decision 244): it proves it can
  // read the data directory with the token this process left there. Anyone else needs an admin's session.
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object') deps.operator.publish(address);
  });
  app.addHook('onClose', async () => deps.operator.withdraw());

  contractRoute(
    app,
    routes.reread,
    {
      preHandler: async (request) => {
        if (!deps.operator.accepts(request.headers.authorization)) await requireAdmin(request);
      },
    },
    async () => deps.reread(),
  );
};
