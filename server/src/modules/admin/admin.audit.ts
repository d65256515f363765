import type { AdminAuditEntry } from '@gowild/contract/admin';
import type { Clock } from '../../lib/clock';
import type { UserRow } from '../accounts/accounts.module';
import { presentAudit } from './admin.presenters';
import type { AdminRepository } from './admin.repository';

interface AuditInput {
  action: string;
  target: string;
  targetUserId?: string;
  before: unknown;
  after: unknown;
}

type AuditStore = Pick<AdminRepository, 'insertAudit'>;

/**
 * Writes one audit entry for an operator's action (decision 092) and answers it as the API shows it; `via` is the
 * repository of the action's own transaction, so the entry commits with the change.
 */
export type AuditWriter = (actor: UserRow, entry: AuditInput, via?: AuditStore) => Promise<AdminAuditEntry>;

export function createAuditWriter({ repo, clock }: { repo: AuditStore; clock: Clock }): AuditWriter {
  return async (actor, entry, via = repo) =>
    presentAudit(
      await via.insertAudit({
        actorId: actor.id,
        actorEmail: actor.email,
        action: entry.action,
        target: entry.target,
        targetUserId: entry.targetUserId ?? null,
        before: entry.before,
        after: entry.after,
        createdAt: clock.now(),
      }),
    );
}
