import { AUTH_MESSAGES } from '@gowild/contract/auth';
import { authRoutes as routes } from '@gowild/contract/routes/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchUsageService } from '../entitlements/search-usage.service';
import { contractRoute } from '../../../lib/contract-route';
import { HttpError } from '../../../lib/http-error';
import type { AuthService, RequestInfo } from './auth.service';

/** What a sign-in needs to know about the request it serves. */
function requestInfo(request: FastifyRequest): RequestInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null, log: request.log };
}

/**
 * The account calls of docs/product/accounts-and-plans.md, registered from the route table (decision 302). Each route:
 * authenticate and authorize (a preHandler, where the route needs a caller), validate (plugins/validation.ts, after
 * the route's own preHandlers), call the service, present.
 */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; usage: SearchUsageService }> = async (app, { auth, usage }) => {
  // Signed-in callers only (401 otherwise); the handler's own requireUser reads the context resolved here.
  const signedIn = async (request: FastifyRequest) => {
    await auth.requireUser(request);
  };

  contractRoute(app, routes.register, {}, async (request, reply) => {
    const result = await auth.register(request.body, requestInfo(request));
    return reply.status(201).send(result);
  });

  contractRoute(app, routes.login, {}, async (request) => auth.login(request.body, requestInfo(request)));

  contractRoute(app, routes.logout, {}, async (request) => {
    // A missing or dead token is already logged out.
    const ctx = await auth.authenticate(request).catch((e: unknown) => {
      if (e instanceof HttpError) return null;
      throw e;
    });
    await auth.logout(ctx);
    return { success: true, message: AUTH_MESSAGES.loggedOut };
  });

  // A body that is not `{ token: string }` reads as no token (the entry's lenient body): valid:false, never a 400.
  contractRoute(app, routes.verifyToken, {}, async (request) => {
    const bearer = /^Bearer[ \t]+(\S+)/i.exec(request.headers.authorization ?? '')?.[1];
    return auth.verifyToken(request.body?.token || bearer);
  });

  contractRoute(app, routes.google, {}, async (request) => auth.google(request.body.token, requestInfo(request)));

  contractRoute(app, routes.forgotPassword, {}, async (request) => ({
    success: true,
    message: await auth.forgotPassword(request.body, requestInfo(request)),
  }));

  contractRoute(app, routes.verifyResetToken, {}, async (request) => auth.verifyResetToken(request.body?.token));

  contractRoute(app, routes.resetPassword, {}, async (request) => ({ success: true, message: await auth.resetPassword(request.body) }));

  contractRoute(app, routes.updateProfile, { preHandler: signedIn }, async (request) => ({
    user: await auth.updateProfile(await auth.requireUser(request), request.body),
  }));

  contractRoute(app, routes.searchUsage, { preHandler: signedIn }, async (request) =>
    usage.forUser((await auth.requireUser(request)).user),
  );
};
