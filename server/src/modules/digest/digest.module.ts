import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AppModule, Job } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import type { EmailProvider } from '../../providers/email/email.provider';
import type { AuthService } from '../accounts/accounts.module';
import type { AlertChannel } from '../alerts/alerts.module';
import type { FavouritesService } from '../favourites/favourites.module';
import type { ReferenceService } from '../reference/reference.module';
import { digestCommands } from './digest.cli';
import { createDigestOutbox } from './digest-outbox';
import { createDigestRepository } from './digest.repository';
import { digestRoutes } from './digest.routes';
import { type DigestService, type ObservationReads, createDigestService } from './digest.service';

/** How often due digests are looked for (a digest starts within this of its hour) and the outbox swept. */
export const DIGEST_RUN_EVERY_MS = 60_000;

export interface DigestDeps {
  config: Pick<Config, 'APP_URL'>;
  /** The session signing key: unsubscribe links are signed with it, so every host accepts every link. */
  secret: Uint8Array;
  db: Db;
  clock: Clock;
  email: EmailProvider;
  auth: Pick<AuthService, 'requireUser' | 'requireAdmin'>;
  /** The alert channels (the alert outbox's list): web push, Telegram and Discord deliver digests too. */
  channels: readonly AlertChannel[];
  observations: ObservationReads;
  reference: Pick<ReferenceService, 'destinationsFrom'>;
  /** The traveller's home airports and favourites: the opt-in form's suggested origins (issue 33). */
  favourites: Pick<FavouritesService, 'originsOf'>;
  /** PostgreSQL: this process's heartbeat id, written on the deliveries it holds (decision 247). */
  workerId?: string;
}

interface DigestServices {
  digest: DigestService;
}

/**
 * The digest (docs/product/digest.md; decisions 270-271): the opt-in and unsubscribe routes, the run every minute that
 * writes the digests due into the digest outbox and sends them, the outbox's own sweep, and `digest:run`.
 */
export function createDigestModule(deps: DigestDeps) {
  const repo = createDigestRepository(deps.db);
  let unsubscribeUrl: (userId: string) => string = () => '';
  const outbox = createDigestOutbox({
    repo,
    clock: deps.clock,
    email: deps.email,
    channels: deps.channels,
    appUrl: deps.config.APP_URL,
    unsubscribeUrl: (userId) => unsubscribeUrl(userId),
    workerId: deps.workerId,
  });
  const digest = createDigestService({
    repo,
    clock: deps.clock,
    outbox,
    channels: deps.channels,
    observations: deps.observations,
    reference: deps.reference,
    favourites: deps.favourites,
    appUrl: deps.config.APP_URL,
    secret: deps.secret,
  });
  unsubscribeUrl = digest.unsubscribeUrl;
  // Two jobs, so two processes share a worst hour under pg-boss (which runs one job on one process at a time): the one
  // running `digest.run` plans and starts sending, another takes `digest.send` and sends too.
  const jobs: Job[] = [
    {
      name: 'digest.run',
      everyMs: DIGEST_RUN_EVERY_MS,
      run: async (log) => {
        const r = await digest.run(undefined, log);
        if (r.planned + r.sent + r.retrying + r.failed > 0) log.info(r, 'digests written and sent');
      },
    },
    {
      name: 'digest.send',
      everyMs: DIGEST_RUN_EVERY_MS,
      run: async (log) => void (await outbox.drain(log)),
      // Deliveries a dead process was sending: taken over within seconds, not at the next tick.
      leftBehind: () => outbox.leftBehind(),
    },
  ];
  return {
    name: 'digest',
    services: { digest } satisfies DigestServices,
    routes: (app) => digestRoutes(app, { auth: deps.auth, digest }),
    jobs,
    cli: digestCommands({ digest }),
    close: () => outbox.idle(),
  } satisfies AppModule;
}
export type DigestModule = ReturnType<typeof createDigestModule>;
