import { durationText, escapeHtml } from '../../delivery/email-parts.js';
import type { EmailMessage } from '../../delivery/email-sender.js';

/** The reset email: names the project, carries the reset link (and a passwordless login link), says how long it works. */
export function resetPasswordEmail(input: {
  to: string;
  projectName: string;
  resetLink: string;
  expirationMinutes: number;
  loginLink: string;
  loginExpirationMinutes: number;
}): EmailMessage {
  const valid = durationText(input.expirationMinutes);
  const subject = `Reset your ${input.projectName} password`;
  const text = [
    `Hello,`,
    ``,
    `Click the link below to set a new password for ${input.projectName}:`,
    ``,
    input.resetLink,
    ``,
    `This link is valid for ${valid} and works only once.`,
    ``,
    `Or log in without a password (valid for ${durationText(input.loginExpirationMinutes)}):`,
    ``,
    input.loginLink,
    ``,
    `If you did not ask for this, you can ignore this email; your password has not changed.`,
  ].join('\n');
  const project = escapeHtml(input.projectName);
  const href = escapeHtml(input.resetLink);
  const login = escapeHtml(input.loginLink);
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>Hello,</p>
<p>Click the button below to set a new password for ${project}:</p>
<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#19303d;color:#fff;text-decoration:none;border-radius:4px">Reset your password</a></p>
<p>Or paste this link into your browser:<br><a href="${href}">${href}</a></p>
<p>This link is valid for ${valid} and works only once.</p>
<p><a href="${login}">Log in without a password</a> instead (valid for ${escapeHtml(durationText(input.loginExpirationMinutes))}).</p>
<p>If you did not ask for this, you can ignore this email; your password has not changed.</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
