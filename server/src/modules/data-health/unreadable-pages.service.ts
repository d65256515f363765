import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { EmailProvider } from '../../providers/email/email.provider';
import type { UnreadablePage } from '../../providers/flights/unreadable-page';
import type { UnreadablePagesRepository } from './unreadable-pages.repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Pages one process stores a minute at most: when the airline changes its page every answer fails, and a few suffice. */
export const STORE_PER_MINUTE = 20;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface UnreadablePagesSettings {
  maxBytes: number;
  keep: number;
  days: number;
  appUrl: string;
}

/**
 * Keeps the airline pages the adapter could not read (docs/product/status.md#unreadable-airline-pages): stored off
 * the request path (a search never waits for it or fails for it), at most STORE_PER_MINUTE a minute per process;
 * the admins get one e-mail an hour at most while new ones come in; old ones are pruned.
 */
export function createUnreadablePages(deps: {
  repo: UnreadablePagesRepository;
  clock: Clock;
  email: EmailProvider;
  settings: UnreadablePagesSettings;
}) {
  const { repo, clock, email, settings } = deps;
  let log: FastifyBaseLogger | undefined;
  let minute = -1;
  let storedThisMinute = 0;
  let skipped = 0;
  const writes = new Set<Promise<void>>();

  function keep(page: UnreadablePage): void {
    const now = clock.now();
    const m = Math.floor(now.getTime() / 60_000);
    if (m !== minute) {
      minute = m;
      storedThisMinute = 0;
    }
    if (storedThisMinute >= STORE_PER_MINUTE) {
      skipped += 1;
      return;
    }
    storedThisMinute += 1;
    const write = repo
      .insert(page, now, settings.maxBytes)
      .catch((err: unknown) => log?.warn({ err }, 'unreadable airline page not kept'))
      .finally(() => writes.delete(write));
    writes.add(write);
  }

  function message(count: number, newest: { seenAt: Date; reason: string; url: string }, since: Date | null) {
    const where = new URL('/admin?tab=airline-pages', settings.appUrl).href;
    const subject = `GoWild Finder: ${count} airline ${count === 1 ? 'page' : 'pages'} could not be read`;
    const lines = [
      `${since ? `Since ${since.toISOString()}, the` : 'The'} Frontier adapter could not read ${count} airline ${count === 1 ? 'answer' : 'answers'}.`,
      `The newest, at ${newest.seenAt.toISOString()}: ${newest.reason}`,
      `Address: ${newest.url}`,
      `The raw pages are kept for ${settings.days} days in the admin screen: ${where}`,
      'You get at most one such e-mail an hour while it goes on.',
    ];
    return {
      subject,
      text: lines.join('\n\n'),
      html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
    };
  }

  /** One e-mail to every admin when pages came in since the last one and that one is an hour old (or there was none). */
  async function notify(jobLog?: FastifyBaseLogger): Promise<'sent' | 'nothing-new' | 'too-soon' | 'no-admin'> {
    const previous = await repo.notice();
    const fresh = await repo.since(previous.coveredUntil);
    if (fresh.count === 0 || !fresh.newest) return 'nothing-new';
    const now = clock.now();
    if (previous.lastSentAt && now.getTime() - previous.lastSentAt.getTime() < HOUR) return 'too-soon';
    const admins = await repo.adminEmails();
    if (admins.length === 0) return 'no-admin';
    if (!(await repo.claimNotice(now, HOUR, fresh.newest.seenAt))) return 'too-soon';
    const mail = message(fresh.count, fresh.newest, previous.coveredUntil);
    let sent = 0;
    try {
      for (const to of admins) {
        await email.send({ to, ...mail });
        sent += 1;
      }
    } catch (err) {
      // Nobody told yet: give the claim back so the next run tries again. Someone told: the hour stands (no repeats).
      if (sent === 0) await repo.releaseNotice(previous);
      throw err;
    }
    (jobLog ?? log)?.info({ pages: fresh.count, admins: sent }, 'admins told of unreadable airline pages');
    return 'sent';
  }

  return {
    keep,
    notify,
    /** Deletes pages older than the kept days, and all but the newest `keep`. */
    prune: () => repo.prune(new Date(clock.now().getTime() - settings.days * DAY), settings.keep),
    list: (limit: number, offset: number) => repo.list(limit, offset),
    find: (id: string) => repo.find(id),
    /** Pages not stored in this process because of the per-minute cap. */
    skipped: () => skipped,
    useLog(next: FastifyBaseLogger) {
      log = next;
    },
    /** Waits for the writes in flight (tests, shutdown). */
    async flush() {
      await Promise.all([...writes]);
    },
  };
}
export type UnreadablePages = ReturnType<typeof createUnreadablePages>;
