import { type CliCommand, CliUsageError } from '../../lib/app-module';
import { ACCOUNT_FLAGS, type AccountFlag, AccountInputError, type UsersService } from './users/users.service';

function isAccountFlag(flag: string | undefined): flag is AccountFlag {
  return (ACCOUNT_FLAGS as readonly string[]).includes(flag ?? '');
}

function describeAccount(u: { isAdmin: boolean; isPremium: boolean; isActive: boolean }): string {
  return [u.isPremium ? 'premium' : 'free', u.isAdmin ? 'admin' : null, u.isActive ? 'active' : 'deactivated'].filter(Boolean).join(', ');
}

/** An operator's input mistake becomes a usage error (exit 2) rather than a stack trace. */
async function accountCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AccountInputError) throw new CliUsageError(e.message);
    throw e;
  }
}

/** The operator's account commands (the first admin of a fresh install, flags, deactivation). */
export function accountsCommands({ users }: { users: UsersService }): Record<string, CliCommand> {
  return {
    'user:create': {
      usage: 'user:create EMAIL PASSWORD FIRST LAST [--admin] [--premium]   (e.g. the first admin of a fresh install)',
      async run(args, out) {
        const flags = new Set(args.filter((a) => a.startsWith('--')));
        const unknown = [...flags].filter((f) => f !== '--admin' && f !== '--premium');
        if (unknown.length > 0) throw new CliUsageError(`unknown option ${unknown.join(', ')}`);
        const [email, password, firstName, lastName] = args.filter((a) => !a.startsWith('--'));
        if (!email || !password || !firstName || !lastName) throw new CliUsageError('user:create needs EMAIL PASSWORD FIRST LAST');
        const user = await accountCall(() =>
          users.createAccount({
            email,
            password,
            firstName,
            lastName,
            isAdmin: flags.has('--admin'),
            isPremium: flags.has('--premium'),
          }),
        );
        out(`created ${user.email} (${describeAccount(user)})`);
      },
    },
    'user:grant': {
      usage: `user:grant EMAIL ${ACCOUNT_FLAGS.join('|')}`,
      async run([email, flag], out) {
        if (!email || !isAccountFlag(flag)) throw new CliUsageError(`user:grant needs EMAIL and one of ${ACCOUNT_FLAGS.join(', ')}`);
        const user = await accountCall(() => users.grant(email, flag));
        out(`${user.email}: ${describeAccount(user)}`);
      },
    },
    'user:revoke': {
      usage: `user:revoke EMAIL ${ACCOUNT_FLAGS.join('|')}   (revoking active deactivates the account and ends its sessions)`,
      async run([email, flag], out) {
        if (!email || !isAccountFlag(flag)) throw new CliUsageError(`user:revoke needs EMAIL and one of ${ACCOUNT_FLAGS.join(', ')}`);
        const user = await accountCall(() => users.revoke(email, flag));
        out(`${user.email}: ${describeAccount(user)}`);
      },
    },
  };
}
