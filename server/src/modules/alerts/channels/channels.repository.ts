import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { channelState, discordWebhooks, telegramLinkCodes, telegramLinks } from '../../../db/schema';

export type TelegramLinkRow = typeof telegramLinks.$inferSelect;
export type DiscordWebhookRow = typeof discordWebhooks.$inferSelect;

/** The chat channels' tables: Telegram links and their one-time codes, Discord webhooks, the bot's update offset. */
export function createChannelsRepository(db: Db) {
  return {
    async telegramLinkFor(userId: string): Promise<TelegramLinkRow | undefined> {
      const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
      return row;
    },
    async telegramLink(id: string): Promise<TelegramLinkRow | undefined> {
      const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.id, id));
      return row;
    },
    /** A new one-time code for the user (its hash stored); older unused codes of theirs are dropped. */
    async saveLinkCode(userId: string, codeHash: string, expiresAt: Date, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, userId));
        await tx.insert(telegramLinkCodes).values({ codeHash, userId, expiresAt, createdAt: now });
      });
    },
    /**
     * Uses a code once: marks it used if it is unused and not expired, and returns its user. A second use, an expired
     * code or an unknown one gives undefined.
     */
    async useLinkCode(codeHash: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .update(telegramLinkCodes)
        .set({ usedAt: now })
        .where(and(eq(telegramLinkCodes.codeHash, codeHash), isNull(telegramLinkCodes.usedAt), gt(telegramLinkCodes.expiresAt, now)))
        .returning({ userId: telegramLinkCodes.userId });
      return row?.userId;
    },
    /** Links the chat to the user, replacing an earlier link of theirs (a new row id: a fresh target). */
    async linkTelegram(userId: string, chatId: string, label: string, demo: boolean, now: Date): Promise<TelegramLinkRow> {
      return db.transaction(async (tx) => {
        await tx.delete(telegramLinks).where(eq(telegramLinks.userId, userId));
        const [row] = await tx.insert(telegramLinks).values({ userId, chatId, label, demo, createdAt: now }).returning();
        return row!;
      });
    },
    async unlinkTelegram(userId: string): Promise<TelegramLinkRow | undefined> {
      const [row] = await db.delete(telegramLinks).where(eq(telegramLinks.userId, userId)).returning();
      return row;
    },
    async removeTelegramLink(id: string): Promise<void> {
      await db.delete(telegramLinks).where(eq(telegramLinks.id, id));
    },

    async discordWebhookFor(userId: string): Promise<DiscordWebhookRow | undefined> {
      const [row] = await db.select().from(discordWebhooks).where(eq(discordWebhooks.userId, userId));
      return row;
    },
    async discordWebhook(id: string): Promise<DiscordWebhookRow | undefined> {
      const [row] = await db.select().from(discordWebhooks).where(eq(discordWebhooks.id, id));
      return row;
    },
    /** Saves the user's webhook, replacing an earlier one (a new row id: a fresh target). */
    async saveDiscordWebhook(userId: string, url: string, label: string, now: Date): Promise<DiscordWebhookRow> {
      return db.transaction(async (tx) => {
        await tx.delete(discordWebhooks).where(eq(discordWebhooks.userId, userId));
        const [row] = await tx.insert(discordWebhooks).values({ userId, url, label, createdAt: now }).returning();
        return row!;
      });
    },
    async removeDiscordWebhookOf(userId: string): Promise<DiscordWebhookRow | undefined> {
      const [row] = await db.delete(discordWebhooks).where(eq(discordWebhooks.userId, userId)).returning();
      return row;
    },
    async removeDiscordWebhook(id: string): Promise<void> {
      await db.delete(discordWebhooks).where(eq(discordWebhooks.id, id));
    },

    async state(key: string): Promise<string | undefined> {
      const [row] = await db.select({ value: channelState.value }).from(channelState).where(eq(channelState.key, key));
      return row?.value;
    },
    async setState(key: string, value: string, now: Date): Promise<void> {
      await db
        .insert(channelState)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: channelState.key, set: { value: sql`excluded.value`, updatedAt: now } });
    },
  };
}
export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;
