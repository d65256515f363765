import { formatDayLong, fromEpochSeconds } from '@gowild/contract/date-labels';
import { formatCents } from '@gowild/contract/money';
import type { EmailMessage } from '../../providers/email/email.provider';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** 'December 1, 2026' (UTC: the e-mail does not know the reader's zone). */
export function longDate(epochSeconds: number): string {
  return formatDayLong(fromEpochSeconds(epochSeconds), 'UTC') ?? '';
}

/** A Stripe amount (cents of its currency): '$4.99', '4.99 EUR'. */
export const money = formatCents;

function page(paragraphs: string[], button?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  const action = button
    ? `<p><a href="${escapeHtml(button.href)}" style="display:inline-block;background:#166534;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(button.label)}</a></p>`
    : '';
  return `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1f2937; line-height: 1.5">
${body}
${action}
</body></html>`;
}

interface Common {
  to: string;
  firstName: string;
  /** `{APP_URL}/profile`, where Manage Subscription is. */
  profileUrl: string;
  supportEmail: string;
}

/** customer.subscription.trial_will_end: the trial's end, what will be charged then, and how to cancel. */
export function trialEndingEmail(opts: Common & { trialEnd: number; daysLeft: number; price: string; interval: string }): EmailMessage {
  const when = longDate(opts.trialEnd);
  const days = `${opts.daysLeft} ${opts.daysLeft === 1 ? 'day' : 'days'}`;
  const subject = `Your GoWild Finder trial ends in ${days}`;
  const lines = [
    `Hi ${opts.firstName},`,
    `Your free Premium trial ends on ${when}. From then on your card is charged ${opts.price} per ${opts.interval} and Premium simply continues.`,
    'Not for you? Cancel before then under Profile → Manage Subscription and nothing is charged.',
    `Questions? Write to ${opts.supportEmail}.`,
  ];
  return {
    to: opts.to,
    subject,
    text: [...lines.slice(0, 3), '', opts.profileUrl, '', lines[3]].join('\n'),
    html: page(lines.map(escapeHtml), { href: opts.profileUrl, label: 'Manage Subscription' }),
  };
}

/** invoice.payment_failed: the charge failed, Premium stays while the card is retried, how to fix it. */
export function paymentFailedEmail(opts: Common & { amount: string; nextAttempt: number | null }): EmailMessage {
  const subject = 'We could not charge your card for GoWild Finder Premium';
  const retry = opts.nextAttempt
    ? `We will try again on ${longDate(opts.nextAttempt)}; your Premium stays on meanwhile.`
    : 'We will not try again: update your card to keep Premium.';
  const lines = [
    `Hi ${opts.firstName},`,
    `The payment of ${opts.amount} for your Premium subscription did not go through.`,
    retry,
    'Update your card under Profile → Manage Subscription.',
    `Questions? Write to ${opts.supportEmail}.`,
  ];
  return {
    to: opts.to,
    subject,
    text: [...lines.slice(0, 4), '', opts.profileUrl, '', lines[4]].join('\n'),
    html: page(lines.map(escapeHtml), { href: opts.profileUrl, label: 'Update card' }),
  };
}
