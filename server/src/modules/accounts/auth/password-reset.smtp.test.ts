import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsTestApp, createUser } from '../../../test/factories';
import { readOutbox } from '../../../providers/email/outbox-reader';

interface Received {
  envelopeTo: string[];
  raw: Buffer;
}

/** A real SMTP server in this process: the mail goes through nodemailer, the wire and a MIME parser. */
let smtp: SMTPServer;
let port: number;
const received: Received[] = [];
let waiting: (() => void) | undefined;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        waiting?.();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('password reset over SMTP', () => {
  it('delivers the reset e-mail with the link, and the link resets the password', async () => {
    const { app, deps, dataDir } = await buildAccountsTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: 'http://localhost:5173', MAIL_FROM: 'GoWild Finder <no-reply@gowild.test>' },
    });
    try {
      expect(deps.email.kind).toBe('smtp');
      const user = await createUser(deps, { firstName: 'Ines' });
      const arrived = new Promise<void>((resolve) => (waiting = resolve));
      const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email.toUpperCase() } });
      expect(res.statusCode).toBe(200);
      await arrived;
      await deps.auth.idle();

      expect(received).toHaveLength(1);
      expect(received[0]!.envelopeTo).toEqual([user.email]);
      const mail = await PostalMime.parse(received[0]!.raw);
      expect(mail.from).toMatchObject({ address: 'no-reply@gowild.test' });
      expect(mail.subject).toBe('Reset your GoWild Finder password');
      const link = /http:\/\/localhost:5173\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
      expect(link).not.toBeNull();
      expect(mail.html).toContain(link![0]);
      // SMTP mode writes no outbox.
      expect(await readOutbox(dataDir)).toHaveLength(0);

      const reset = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: link![1], password: 'smtp-delivered-pass-1' },
      });
      expect(reset.statusCode).toBe(200);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'smtp-delivered-pass-1' },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 90_000);
});
