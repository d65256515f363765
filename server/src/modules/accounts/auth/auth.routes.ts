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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchUsageService } from '../entitlements/search-usage.service';
import { type AuthService, requestInfo } from './auth.service';
import { assertValidRequest, errorResponse } from '../../../lib/validation';
import { tokenFromBody } from './validation';

const tags = ['auth'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse, 503: errorResponse };

/** Spec section 7 'auth' calls. Each route: validate → authenticate → call the service → present. */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; usage: SearchUsageService }> = async (app, { auth, usage }) => {
  app.post(
    '/api/auth/register',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: registerBodySchema,
        response: { 201: authResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertValidRequest(request);
      const result = await auth.register(request.body, requestInfo(request));
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/auth/login',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: loginBodySchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => {
      assertValidRequest(request);
      return auth.login(request.body, requestInfo(request));
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags, summary: 'End this session', response: { 200: messageResponseSchema } } },
    async (request) => {
      await auth.logout(request);
      return { success: true, message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/api/auth/verify-token',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Check a session token (body `token`, or the bearer header); answers valid:false rather than 401',
        body: tokenBodySchema.optional(),
        response: { 200: verifyTokenResponseSchema },
      },
    },
    async (request) => {
      const bearer = /^Bearer[ \t]+(\S+)/i.exec(request.headers.authorization ?? '')?.[1];
      return auth.verifyToken(tokenFromBody(request.body) ?? bearer);
    },
  );

  app.post(
    '/api/auth/google',
    {
      attachValidation: true,
      schema: { tags, summary: 'Sign in with a Google ID token', body: googleBodySchema, response: { 200: authResponseSchema, ...errors } },
    },
    async (request) => {
      assertValidRequest(request);
      return auth.google(request.body.token, requestInfo(request));
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'E-mail a password reset link (same answer whether or not the address has an account)',
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      assertValidRequest(request);
      return { success: true, message: await auth.forgotPassword(request.body, requestInfo(request)) };
    },
  );

  app.post(
    '/api/auth/verify-reset-token',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Check a password reset link',
        body: tokenBodySchema.optional(),
        response: { 200: verifyResetTokenResponseSchema },
      },
    },
    async (request) => auth.verifyResetToken(tokenFromBody(request.body)),
  );

  app.post(
    '/api/auth/reset-password',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      assertValidRequest(request);
      return { success: true, message: await auth.resetPassword(request.body) };
    },
  );

  app.put(
    '/api/auth/profile',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Change first name, last name or phone',
        body: profileBodySchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = await auth.requireUser(request);
      assertValidRequest(request);
      return { user: await auth.updateProfile(ctx, request.body) };
    },
  );

  app.get(
    '/api/auth/search-usage',
    { schema: { tags, summary: "Today's searches left", response: { 200: searchUsageResponseSchema, ...errors } } },
    async (request) => {
      const ctx = await auth.requireUser(request);
      return usage.forUser(ctx.user);
    },
  );
};
