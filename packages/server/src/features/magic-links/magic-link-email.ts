import { durationText, escapeHtml } from '../../delivery/email-parts.js';
import type { EmailMessage } from '../../delivery/email-sender.js';

/** The login or sign-up email: names the project, carries the link, says how long it works. */
export function magicLinkEmail(input: { to: string; projectName: string; link: string; kind: 'login' | 'signup'; expirationMinutes: number }): EmailMessage {
  const valid = durationText(input.expirationMinutes);
  const subject = input.kind === 'signup' ? `Finish signing up to ${input.projectName}` : `Your ${input.projectName} login link`;
  const action = input.kind === 'signup' ? 'finish creating your account' : 'log in';
  const text = [
    `Hello,`,
    ``,
    `Click the link below to ${action} on ${input.projectName}:`,
    ``,
    input.link,
    ``,
    `This link is valid for ${valid} and works only once.`,
    `If you did not ask for it, you can ignore this email.`,
  ].join('\n');
  const project = escapeHtml(input.projectName);
  const href = escapeHtml(input.link);
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>Hello,</p>
<p>Click the button below to ${action} on ${project}:</p>
<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#19303d;color:#fff;text-decoration:none;border-radius:4px">${input.kind === 'signup' ? 'Finish signing up' : 'Log in'} to ${project}</a></p>
<p>Or paste this link into your browser:<br><a href="${href}">${href}</a></p>
<p>This link is valid for ${valid} and works only once. If you did not ask for it, you can ignore this email.</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
