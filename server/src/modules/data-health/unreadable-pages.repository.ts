import { and, count, desc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { unreadablePageNotices, unreadablePages, users } from '../../db/schema';
import type { UnreadablePage } from '../../providers/flights/unreadable-page';

export type UnreadablePageRow = typeof unreadablePages.$inferSelect;

/** The body cut at `maxBytes` of UTF-8 (a character cut in half becomes U+FFFD); NUL, which PostgreSQL text refuses, too. */
export function capBody(body: string, maxBytes: number): { body: string; bytes: number; truncated: boolean } {
  const bytes = Buffer.byteLength(body, 'utf8');
  const kept = bytes > maxBytes ? Buffer.from(body, 'utf8').subarray(0, maxBytes).toString('utf8') : body;
  return { body: kept.replaceAll('\0', '\uFFFD'), bytes, truncated: bytes > maxBytes };
}

const NOTICE_ROW = 1;

/** The unreadable airline pages kept for operators, and the one row that spaces the admins' e-mails about them. */
export function createUnreadablePagesRepository(db: Db) {
  return {
    async insert(page: UnreadablePage, seenAt: Date, maxBytes: number): Promise<void> {
      const capped = capBody(page.body, maxBytes);
      await db.insert(unreadablePages).values({
        seenAt,
        url: page.url.slice(0, 2000),
        status: page.status,
        contentType: page.contentType?.slice(0, 200) ?? null,
        bytes: capped.bytes,
        body: capped.body,
        truncated: capped.truncated,
        reason: page.reason.slice(0, 1000),
      });
    },

    /** Newest first, without the bodies. */
    async list(limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: unreadablePages.id,
            seenAt: unreadablePages.seenAt,
            url: unreadablePages.url,
            status: unreadablePages.status,
            contentType: unreadablePages.contentType,
            bytes: unreadablePages.bytes,
            truncated: unreadablePages.truncated,
            reason: unreadablePages.reason,
          })
          .from(unreadablePages)
          .orderBy(desc(unreadablePages.seenAt), desc(unreadablePages.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(unreadablePages),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(id: string): Promise<UnreadablePageRow | undefined> {
      const [row] = await db.select().from(unreadablePages).where(eq(unreadablePages.id, id)).limit(1);
      return row;
    },

    /** Deletes pages seen before `before`, then all but the newest `keep`. Returns how many went. */
    async prune(before: Date, keep: number): Promise<number> {
      const old = await db.delete(unreadablePages).where(lt(unreadablePages.seenAt, before)).returning({ id: unreadablePages.id });
      const beyond = await db
        .delete(unreadablePages)
        .where(
          sql`${unreadablePages.id} in (select ${unreadablePages.id} from ${unreadablePages} order by ${unreadablePages.seenAt} desc, ${unreadablePages.id} desc offset ${keep})`,
        )
        .returning({ id: unreadablePages.id });
      return old.length + beyond.length;
    },

    /** Pages seen after `after` (all when null), and the newest one's time and reason. */
    async since(after: Date | null) {
      const where = after ? gt(unreadablePages.seenAt, after) : undefined;
      const [[total], [newest]] = await Promise.all([
        db.select({ n: count() }).from(unreadablePages).where(where),
        db
          .select({ seenAt: unreadablePages.seenAt, reason: unreadablePages.reason, url: unreadablePages.url })
          .from(unreadablePages)
          .where(where)
          .orderBy(desc(unreadablePages.seenAt))
          .limit(1),
      ]);
      return { count: total?.n ?? 0, newest };
    },

    /** When the last e-mail went out and the newest page it covered. */
    async notice() {
      const [row] = await db.select().from(unreadablePageNotices).where(eq(unreadablePageNotices.id, NOTICE_ROW)).limit(1);
      return { lastSentAt: row?.lastSentAt ?? null, coveredUntil: row?.coveredUntil ?? null };
    },

    /**
     * Takes the right to send the next e-mail: true for exactly one caller across processes when the last one went
     * out at least `gapMs` ago (or never). The row moves to `now`, covering pages up to `coveredUntil`.
     */
    async claimNotice(now: Date, gapMs: number, coveredUntil: Date): Promise<boolean> {
      await db.insert(unreadablePageNotices).values({ id: NOTICE_ROW }).onConflictDoNothing();
      const claimed = await db
        .update(unreadablePageNotices)
        .set({ lastSentAt: now, coveredUntil })
        .where(
          and(
            eq(unreadablePageNotices.id, NOTICE_ROW),
            or(isNull(unreadablePageNotices.lastSentAt), lte(unreadablePageNotices.lastSentAt, new Date(now.getTime() - gapMs))),
          ),
        )
        .returning({ id: unreadablePageNotices.id });
      return claimed.length === 1;
    },

    /** Gives a claim back after the e-mail could not be sent, so the next run tries again. */
    async releaseNotice(previous: { lastSentAt: Date | null; coveredUntil: Date | null }): Promise<void> {
      await db.update(unreadablePageNotices).set(previous).where(eq(unreadablePageNotices.id, NOTICE_ROW));
    },

    /** Where the e-mail goes: every active admin. */
    async adminEmails(): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.isAdmin, true), eq(users.isActive, true)));
      return rows.map((r) => r.email);
    },
  };
}
export type UnreadablePagesRepository = ReturnType<typeof createUnreadablePagesRepository>;
