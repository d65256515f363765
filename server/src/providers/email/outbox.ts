import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { EmailMessage, EmailProvider } from './email.provider';

const OUTBOX_DIRNAME = 'outbox';

export function outboxDir(dataDir: string): string {
  return path.resolve(dataDir, OUTBOX_DIRNAME);
}

/**
 * The offline default: each message becomes a complete RFC 5322 `.eml` file under DATA_DIR/outbox, built by the
 * same library that would send it, so what an operator opens in a mail client is what SMTP would have carried.
 * File names sort by time of writing.
 */
export function createOutboxEmailProvider(opts: { dataDir: string; from: string; now?: () => Date }): EmailProvider {
  const dir = outboxDir(opts.dataDir);
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const now = opts.now ?? (() => new Date());
  let seq = 0;
  return {
    kind: 'outbox',
    async send(message: EmailMessage) {
      const info = await builder.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        date: now(),
        ...(message.messageId ? { messageId: message.messageId } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
      await mkdir(dir, { recursive: true });
      seq = (seq + 1) % 1_000_000;
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(seq).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
      await writeFile(path.join(dir, name), info.message as Buffer, { mode: 0o600 });
    },
    async close() {},
  };
}
