import type { Config } from '../../config';
import type { EmailProvider } from './email.provider';
import { createOutboxEmailProvider } from './outbox';
import { createSmtpEmailProvider } from './smtp';

/** SMTP when SMTP_URL is set; otherwise the on-disk outbox under DATA_DIR (the offline default). */
export function createEmailProvider(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>): EmailProvider {
  if (config.SMTP_URL) return createSmtpEmailProvider({ url: config.SMTP_URL, from: config.MAIL_FROM });
  return createOutboxEmailProvider({ dataDir: config.DATA_DIR, from: config.MAIL_FROM });
}
