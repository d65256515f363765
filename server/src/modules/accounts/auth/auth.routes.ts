import {
  AUTH_MESSAGES,
  authResponseSchema,
  forgotPasswordBodySchema,
  googleBodySchema,
  loginBodySchema,
  messageResponseSchema,
  profileBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  searchUsageResponseSchema,
  tokenBodySchema,
  userResponseSchema,
  verifyResetTokenResponseSchema,
  verifyTokenResponseSchema,
} from '@gowild/contract/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchUsageService } from '../entitlements/search-usage.service';
import { HttpError, errorResponse } from '../../../lib/http-error';
import type { AuthService, RequestInfo } from './auth.service';

const tags = ['auth'];
/** A body that is not `{ token: string }` reads as no token: the two checks answer valid:false, never a 400. */
const lenientTokenBody = tokenBodySchema.catch({}).optional();
/** What a sign-in needs to know about the request it serves. */
function requestInfo(request: FastifyRequest): RequestInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null, log: request.log };
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse, 503: errorResponse };

/**
 * The account calls of docs/product/accounts-and-plans.md. Each route: authenticate and authorize (a preHandler, where
 * the route needs a caller), validate (plugins/validation.ts, after the route's own preHandlers), call the service,
 * present.
 */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; usage: SearchUsageService }> = async (app, { auth, usage }) => {
  // Signed-in callers only (401 otherwise); the handler's own requireUser reads the context resolved here.
  const signedIn = async (request: FastifyRequest) => {
    await auth.requireUser(request);
  };

  app.post(
    '/api/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: registerBodySchema,
        response: { 201: authResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await auth.register(request.body, requestInfo(request));
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: loginBodySchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => auth.login(request.body, requestInfo(request)),
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags, summary: 'End this session', response: { 200: messageResponseSchema } } },
    async (request) => {
      // A missing or dead token is already logged out.
      const ctx = await auth.authenticate(request).catch((e: unknown) => {
        if (e instanceof HttpError) return null;
        throw e;
      });
      await auth.logout(ctx);
      return { success: true, message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/api/auth/verify-token',
    {
      schema: {
        tags,
        summary: 'Check a session token (body `token`, or the bearer header); answers valid:false rather than 401',
        body: lenientTokenBody,
        response: { 200: verifyTokenResponseSchema },
      },
    },
    async (request) => {
      const bearer = /^Bearer[ \t]+(\S+)/i.exec(request.headers.authorization ?? '')?.[1];
      return auth.verifyToken(request.body?.token || bearer);
    },
  );

  app.post(
    '/api/auth/google',
    {
      schema: { tags, summary: 'Sign in with a Google ID token', body: googleBodySchema, response: { 200: authResponseSchema, ...errors } },
    },
    async (request) => auth.google(request.body.token, requestInfo(request)),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'E-mail a password reset link (same answer whether or not the address has an account)',
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true, message: await auth.forgotPassword(request.body, requestInfo(request)) }),
  );

  app.post(
    '/api/auth/verify-reset-token',
    {
      schema: {
        tags,
        summary: 'Check a password reset link',
        body: lenientTokenBody,
        response: { 200: verifyResetTokenResponseSchema },
      },
    },
    async (request) => auth.verifyResetToken(request.body?.token),
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true, message: await auth.resetPassword(request.body) }),
  );

  app.put(
    '/api/auth/profile',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Change first name, last name or phone',
        body: profileBodySchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => ({ user: await auth.updateProfile(await auth.requireUser(request), request.body) }),
  );

  app.get(
    '/api/auth/search-usage',
    { preHandler: signedIn, schema: { tags, summary: "Today's searches left", response: { 200: searchUsageResponseSchema, ...errors } } },
    async (request) => usage.forUser((await auth.requireUser(request)).user),
  );
};
