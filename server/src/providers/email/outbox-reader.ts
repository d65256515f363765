import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { outboxDir } from './outbox';

export interface OutboxMessage {
  file: string;
  to: string[];
  from: string | null;
  subject: string;
  text: string;
  html: string;
  date: string | null;
  /** Every header field, names in lower case (the last one of a name wins). */
  headers: Record<string, string>;
}

/**
 * The messages in DATA_DIR/outbox, oldest first, parsed from their .eml files (for tests, the browser tests and
 * operators' scripts; the server never reads its own outbox). Optionally only those sent to `to`.
 */
export async function readOutbox(dataDir: string, filter: { to?: string } = {}): Promise<OutboxMessage[]> {
  const dir = outboxDir(dataDir);
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const messages: OutboxMessage[] = [];
  for (const file of files) {
    const parsed = await PostalMime.parse(await readFile(path.join(dir, file)));
    const to = (parsed.to ?? []).map((a) => ('address' in a && a.address ? a.address : '')).filter(Boolean);
    if (filter.to && !to.some((a) => a.toLowerCase() === filter.to!.toLowerCase())) continue;
    messages.push({
      file: path.join(dir, file),
      to,
      from: parsed.from && 'address' in parsed.from ? (parsed.from.address ?? null) : null,
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: parsed.html ?? '',
      date: parsed.date ?? null,
      headers: Object.fromEntries(parsed.headers.map((h) => [h.key, h.value])),
    });
  }
  return messages;
}

/** The first `{APP_URL}/reset-password?token=…` link in a message's plain text. */
export function findResetLink(message: Pick<OutboxMessage, 'text'>): string | null {
  return /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(message.text)?.[0] ?? null;
}
