import { describe, expect, it } from 'vitest';
import { fakeTelegramApi } from '../../../test/chat-fakes';
import { chatText, createTelegramBotApi } from './telegram';

const TOKEN = '555:never-in-a-reason';

describe('the Telegram Bot API adapter (decision 208)', () => {
  it("sends Telegram's sendMessage and reads its answers: 429 retry_after, blocked (gone), bad request (permanent)", async () => {
    const fake = await fakeTelegramApi(TOKEN);
    try {
      const bot = createTelegramBotApi({ token: TOKEN, apiBase: fake.base, username: 'GoWildTestBot' });
      expect(await bot.sendMessage('42', 'Hello')).toEqual({ status: 'delivered' });
      expect(fake.received[0]).toMatchObject({ path: `/bot${TOKEN}/sendMessage`, body: { chat_id: '42', text: 'Hello' } });
      fake.script({
        status: 429,
        body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 7', parameters: { retry_after: 7 } },
      });
      expect(await bot.sendMessage('42', 'Hello')).toEqual({
        status: 'retry',
        reason: 'Telegram 429: Too Many Requests: retry after 7',
        retryAfterMs: 7000,
      });
      fake.script({ status: 403, body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' } });
      expect(await bot.sendMessage('42', 'Hello')).toMatchObject({ status: 'gone' });
      fake.script({ status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: message text is empty' } });
      expect(await bot.sendMessage('42', 'Hello')).toMatchObject({ status: 'permanent' });
      // A wrong token is the operator's to mend: retried, and its reason names no token.
      const wrong = createTelegramBotApi({ token: '1:other', apiBase: fake.base, username: 'GoWildTestBot' });
      const outcome = await wrong.sendMessage('42', 'Hello');
      expect(outcome).toEqual({ status: 'retry', reason: 'Telegram 401: Unauthorized' });
    } finally {
      await fake.close();
    }
  });

  it('never puts the token in a failure reason, even when the API cannot be reached', async () => {
    const bot = createTelegramBotApi({ token: TOKEN, apiBase: 'http://127.0.0.1:9', username: 'GoWildTestBot' });
    const outcome = await bot.sendMessage('42', 'Hello');
    expect(outcome.status).toBe('retry');
    expect(JSON.stringify(outcome)).not.toContain(TOKEN);
    await expect(bot.getUpdates(undefined, 0)).rejects.toThrow(/Telegram could not be reached/);
    await bot.getUpdates(undefined, 0).catch((err: Error) => expect(`${err.message} ${err.stack}`).not.toContain(TOKEN));
  });

  it('a message is its title, a blank line and its text, cut to 4096 characters', () => {
    expect(chatText({ kind: 'test', title: 'T', text: 'body', url: '' })).toBe('T\n\nbody');
    expect(chatText({ kind: 'test', title: 'T', text: 'y'.repeat(5000), url: '' })).toHaveLength(4096);
  });
});
