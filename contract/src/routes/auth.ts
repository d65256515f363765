import {
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
} from '../auth';
import { errors, route } from '../route';

const tags = ['auth'];
const authErrors = errors(400, 401, 403, 409, 429, 503);
/** A token body that never fails validation: a bad one answers valid:false, not 400. */
const lenientTokenBody = tokenBodySchema.catch({}).optional();

/** Accounts and sessions (docs/product/accounts-and-plans.md). */
export const authRoutes = {
  register: route({
    method: 'POST',
    path: '/api/auth/register',
    tags,
    summary: 'Create an account and sign in',
    access: 'public',
    body: registerBodySchema,
    responses: { 201: authResponseSchema, ...authErrors },
  }),
  login: route({
    method: 'POST',
    path: '/api/auth/login',
    tags,
    summary: 'Sign in with e-mail and password',
    access: 'public',
    body: loginBodySchema,
    responses: { 200: authResponseSchema, ...authErrors },
  }),
  // Anyone: a call without a live session has nothing to end and still answers 200.
  logout: route({
    method: 'POST',
    path: '/api/auth/logout',
    tags,
    summary: 'End this session',
    access: 'public',
    responses: { 200: messageResponseSchema },
  }),
  verifyToken: route({
    method: 'POST',
    path: '/api/auth/verify-token',
    tags,
    summary: 'Check a session token (body `token`, or the bearer header); answers valid:false rather than 401',
    access: 'public',
    body: lenientTokenBody,
    responses: { 200: verifyTokenResponseSchema },
  }),
  google: route({
    method: 'POST',
    path: '/api/auth/google',
    tags,
    summary: 'Sign in with a Google ID token',
    access: 'public',
    body: googleBodySchema,
    responses: { 200: authResponseSchema, ...authErrors },
  }),
  forgotPassword: route({
    method: 'POST',
    path: '/api/auth/forgot-password',
    tags,
    summary: 'E-mail a password reset link (same answer whether or not the address has an account)',
    access: 'public',
    body: forgotPasswordBodySchema,
    responses: { 200: messageResponseSchema, ...authErrors },
  }),
  verifyResetToken: route({
    method: 'POST',
    path: '/api/auth/verify-reset-token',
    tags,
    summary: 'Check a password reset link',
    access: 'public',
    body: lenientTokenBody,
    responses: { 200: verifyResetTokenResponseSchema },
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/auth/reset-password',
    tags,
    summary: 'Set a new password with a reset link',
    access: 'public',
    body: resetPasswordBodySchema,
    responses: { 200: messageResponseSchema, ...authErrors },
  }),
  updateProfile: route({
    method: 'PUT',
    path: '/api/auth/profile',
    tags,
    summary: 'Change first name, last name or phone',
    access: 'signed-in',
    body: profileBodySchema,
    responses: { 200: userResponseSchema, ...authErrors },
  }),
  searchUsage: route({
    method: 'GET',
    path: '/api/auth/search-usage',
    tags,
    summary: "Today's searches left",
    access: 'signed-in',
    responses: { 200: searchUsageResponseSchema, ...authErrors },
  }),
};
