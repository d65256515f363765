import { createHash, randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, type forgotPasswordBodySchema, type resetPasswordBodySchema } from '@gowild/contract/auth';
import { ERROR_CODES } from '@gowild/contract/errors';
import { LIMITS } from '@gowild/contract/limits';
import type { z } from 'zod';
import type { Config } from '../../../config';
import type { BackgroundTasks } from '../../../lib/background-tasks';
import type { Clock } from '../../../lib/clock';
import { badRequest } from '../../../lib/http-error';
import type { EmailProvider } from '../../../providers/email/email.provider';
import { type UsersRepository, normalizeEmail } from '../users/users.repository';
import type { AuthLimiter } from './auth.limits';
import { passwordResetEmail, resetLink } from './emails';
import type { PasswordHasher } from './password';
import type { ResetTokensRepository } from './reset-tokens.repository';
import { type RequestInfo, refuseCommon } from './sign-in';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Forgotten passwords (docs/product/accounts-and-plans.md): a one-hour link by e-mail, then a new password. */
export function createPasswordReset(deps: {
  config: Pick<Config, 'APP_URL' | 'SUPPORT_EMAIL'>;
  clock: Clock;
  hasher: PasswordHasher;
  limiter: AuthLimiter;
  users: UsersRepository;
  resetTokens: ResetTokensRepository;
  email: EmailProvider;
  background: BackgroundTasks;
}) {
  const { config, clock, hasher, limiter, users, resetTokens } = deps;
  return {
    /**
     * Identical answer for known and unknown addresses, returned before any lookup: the lookup, the token and the
     * e-mail happen in the background, so neither the body nor the timing tells whether an account exists.
     */
    async forgotPassword(body: z.output<typeof forgotPasswordBodySchema>, info: RequestInfo): Promise<string> {
      const email = normalizeEmail(body.email);
      await limiter.forgot(email, info.ip);
      deps.background.run('password-reset-email', info.log, async () => {
        const user = await users.findByEmail(email);
        if (!user || !user.isActive) return;
        const token = randomBytes(32).toString('base64url');
        const now = clock.now();
        await resetTokens.replace(user.id, sha256(token), now, new Date(now.getTime() + LIMITS.resetTokenTtlMs));
        await deps.email.send(
          passwordResetEmail({
            to: user.email,
            firstName: user.firstName,
            link: resetLink(config.APP_URL, token),
            supportEmail: config.SUPPORT_EMAIL,
          }),
        );
      });
      return AUTH_MESSAGES.forgotPasswordSent;
    },

    async verifyResetToken(token: string | undefined): Promise<{ valid: boolean; user_name?: string; error?: string }> {
      if (!token) return { valid: false, error: AUTH_MESSAGES.noResetToken };
      const user = await resetTokens.findUsable(sha256(token), clock.now());
      if (!user || !user.isActive) return { valid: false, error: AUTH_MESSAGES.invalidResetToken };
      return { valid: true, user_name: user.firstName };
    },

    async resetPassword(body: z.output<typeof resetPasswordBodySchema>): Promise<string> {
      refuseCommon(body.password);
      const tokenHash = sha256(body.token);
      // Cheap refusal of dead links before spending an argon2 hash; `redeem` re-checks atomically.
      const holder = await resetTokens.findUsable(tokenHash, clock.now());
      if (!holder) throw badRequest(AUTH_MESSAGES.invalidResetToken, ERROR_CODES.BAD_REQUEST);
      const passwordHash = await hasher.hash(body.password);
      const userId = await resetTokens.redeem(tokenHash, passwordHash, clock.now());
      if (!userId) throw badRequest(AUTH_MESSAGES.invalidResetToken, ERROR_CODES.BAD_REQUEST);
      await limiter.passwordReset(holder.email);
      return AUTH_MESSAGES.passwordResetDone;
    },
  };
}
