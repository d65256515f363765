import type { EmailMessage } from '../../../providers/email/email.provider';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `{APP_URL}/reset-password?token=…`, whatever trailing slash APP_URL was given with. */
export function resetLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
}

export function passwordResetEmail(opts: { to: string; firstName: string; link: string; supportEmail: string }): EmailMessage {
  const subject = 'Reset your GoWild Finder password';
  const text = [
    `Hi ${opts.firstName},`,
    '',
    'Someone (hopefully you) asked to reset the password of your GoWild Finder account.',
    'Open this link to choose a new password. It works once and expires in 1 hour:',
    '',
    opts.link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    `Questions? Write to ${opts.supportEmail}.`,
  ].join('\n');
  const link = escapeHtml(opts.link);
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1f2937; line-height: 1.5">
<p>Hi ${escapeHtml(opts.firstName)},</p>
<p>Someone (hopefully you) asked to reset the password of your GoWild Finder account.
Choose a new password with the button below. The link works once and expires in 1 hour.</p>
<p><a href="${link}" style="display:inline-block;background:#166534;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Reset password</a></p>
<p style="font-size:13px;color:#6b7280">Or paste this address into your browser:<br>${link}</p>
<p style="font-size:13px;color:#6b7280">If you did not ask for this, ignore this e-mail: your password stays as it is.
Questions? Write to ${escapeHtml(opts.supportEmail)}.</p>
</body></html>`;
  return { to: opts.to, subject, text, html };
}
