import nodemailer from 'nodemailer';
import type { EmailMessage, EmailProvider } from './email.provider';

/** Delivers through an SMTP relay named by a URL (smtp://user:pass@host:587 or smtps://… for implicit TLS). */
export function createSmtpEmailProvider(opts: { url: string; from: string }): EmailProvider {
  const transport = nodemailer.createTransport(opts.url);
  return {
    kind: 'smtp',
    async send(message: EmailMessage) {
      await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.messageId ? { messageId: message.messageId } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}
