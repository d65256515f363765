import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake does with one request: answer with a status and JSON body, or never answer (`hang`). */
export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang';

interface Received {
  path: string;
  body: Record<string, unknown>;
  answered: number | 'hang';
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A local HTTP server whose answers a test scripts; it records every request and what it answered. */
async function scriptedServer(
  route: (path: string, body: Record<string, unknown>) => FakeAnswer | undefined,
  fallback: FakeAnswer = { status: 200, body: {} },
) {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  const script: FakeAnswer[] = [];
  const arrivals: (() => void)[] = [];
  const server = createServer((req, res) => {
    void readJson(req).then((body) => {
      const path = req.url ?? '/';
      const answer = route(path, body) ?? script.shift() ?? fallback;
      received.push({ path, body, answered: answer === 'hang' ? 'hang' : answer.status });
      for (const f of arrivals.splice(0)) f();
      if (answer === 'hang') {
        hanging.push(res);
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    received,
    /** The next answers, in order (after them: 200). */
    script(...answers: FakeAnswer[]) {
      script.push(...answers);
    },
    /** Drops the scripted answers no request has taken yet (a kill test's held sender is dead: the next one is answered). */
    unscript() {
      script.length = 0;
    },
    /** Resolves once `n` requests matching `pred` have arrived. */
    async waitFor(pred: (r: Received) => boolean, n = 1): Promise<void> {
      while (received.filter(pred).length < n) await new Promise<void>((resolve) => arrivals.push(resolve));
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A fake Telegram Bot API: `/bot<token>/getUpdates` answers the updates a test queued (from `offset` on),
 * `/bot<token>/sendMessage` follows the script (then 200 `{ ok: true, result: <message> }`). Only the expected token is accepted.
 */
export async function fakeTelegramApi(token: string) {
  const updates: { update_id: number; message: unknown }[] = [];
  let nextId = 100;
  const server = await scriptedServer(
    (path, body) => {
      if (!path.startsWith(`/bot${token}/`)) return { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } };
      if (path.endsWith('/getUpdates')) {
        const offset = typeof body.offset === 'number' ? body.offset : 0;
        return { status: 200, body: { ok: true, result: updates.filter((u) => u.update_id >= offset) } };
      }
      return undefined;
    },
    { status: 200, body: { ok: true, result: { message_id: 1, date: 0, chat: { id: 0, type: 'private' } } } },
  );
  return {
    ...server,
    /** The traveller presses Start in the chat the t.me link opened. */
    start(code: string, chatId: number, username: string) {
      updates.push({
        update_id: nextId++,
        message: { message_id: 1, text: `/start ${code}`, chat: { id: chatId, type: 'private', username } },
      });
    },
    /** Messages the fake answered 200 to. */
    delivered: () => server.received.filter((r) => r.path.endsWith('/sendMessage') && r.answered === 200).map((r) => r.body),
  };
}

/** A fake Discord webhook at `/api/webhooks/<id>/<token>`: POSTs follow the script, then 204. */
export async function fakeDiscordWebhook() {
  const server = await scriptedServer(() => undefined);
  const url = (id = '123456789012345678', token = 'secret-webhook-token-abcd') => `${server.base}/api/webhooks/${id}/${token}`;
  return {
    ...server,
    url,
    delivered: () =>
      server.received.filter((r) => typeof r.answered === 'number' && r.answered >= 200 && r.answered < 300).map((r) => r.body),
  };
}
