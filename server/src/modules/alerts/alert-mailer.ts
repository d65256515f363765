import type { EmailProvider } from '../../providers/email/email.provider';
import { POLICY_SETTINGS } from '../../lib/upstream/policy-settings';
import type { AlertChannel, AlertMessage, ChannelTarget, DeliveryOutcome } from './channels/alert-channel';
import type { OutboxMessage } from './alerts.repository';

/** Attempts before an e-mail is given up. With the outbox's back-off they span about four hours. */
export const EMAIL_MAX_ATTEMPTS = POLICY_SETTINGS.email.attempts;
/** The outbox's lease and sender slots, and the e-mail back-off (30 s, 1 min, 2 min … at most an hour). */
export { DELIVERY_LEASE_MS as EMAIL_LEASE_MS, SEND_CONCURRENCY, emailBackoffMs } from './alert-outbox';

/**
 * The Message-ID of an alert e-mail: its outbox row's id at the app's host, the same on every attempt, so a message
 * sent again after a sender died mid-send is recognisably the same one (decision 147).
 */
export function alertEmailMessageId(emailId: string, appUrl: string): string {
  let host = 'gowild-finder.invalid';
  try {
    host = new URL(appUrl).hostname || host;
  } catch {
    // An unparsable APP_URL is refused by the config; the fallback only keeps the header well-formed.
  }
  return `<alert-email.${emailId}@${host}>`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The e-mail channel (decision 068, 147): the user's account address is its one target. The e-mail was rendered when
 * queued (its subject is the message's title, its HTML body kept on the outbox row); a message without an HTML body
 * (a test message, another alert kind's plain message) gets its text as HTML. A mail server that refuses is a retry:
 * SMTP tells no lasting refusal from a passing one that the outbox could act on.
 */
export function createEmailChannel(deps: {
  email: EmailProvider;
  appUrl: string;
  /** The account's address, or undefined when the account is gone. */
  addressOf: (userId: string) => Promise<string | undefined>;
}): AlertChannel {
  return {
    kind: 'email',
    async targetsFor(userId: string): Promise<ChannelTarget[]> {
      const address = await deps.addressOf(userId);
      return address ? [{ channel: 'email', id: userId, label: address }] : [];
    },
    async deliver(target: ChannelTarget, message: AlertMessage, deliveryId: string): Promise<DeliveryOutcome> {
      const html = (message as OutboxMessage).html ?? `<pre style="font-family: system-ui, sans-serif">${escapeHtml(message.text)}</pre>`;
      try {
        await deps.email.send({
          to: target.label,
          subject: message.title,
          text: message.text,
          html,
          messageId: alertEmailMessageId(deliveryId, deps.appUrl),
        });
        return { status: 'delivered' };
      } catch (err) {
        return { status: 'retry', reason: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
