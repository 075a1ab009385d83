import { durationWords } from '../../delivery/duration-words.js';
import { escapeHtml } from '../../delivery/email-parts.js';
import type { EmailMessage } from '../../delivery/email-sender.js';
import { htmlElement, messageLanguage } from '../../delivery/languages.js';
import { RESET_WORDING } from './reset-wording.js';

/**
 * The reset email: names the project, carries the reset link (and a passwordless login link), says
 * how long it works, in the language of `locale` (delivery/languages.ts: unknown or absent is English).
 */
export function resetPasswordEmail(input: {
  to: string;
  projectName: string;
  resetLink: string;
  expirationMinutes: number;
  loginLink: string;
  loginExpirationMinutes: number;
  locale?: string | undefined;
}): EmailMessage {
  const language = messageLanguage(input.locale);
  const words = RESET_WORDING[language];
  const valid = durationWords(input.expirationMinutes, language);
  const loginValid = durationWords(input.loginExpirationMinutes, language);
  const subject = words.subject(input.projectName);
  const text = [
    words.hello,
    ``,
    words.linkIntro(input.projectName),
    ``,
    input.resetLink,
    ``,
    words.validOnce(valid),
    ``,
    words.loginInsteadLine(loginValid),
    ``,
    input.loginLink,
    ``,
    words.ignore,
  ].join('\n');
  const project = escapeHtml(input.projectName);
  const href = escapeHtml(input.resetLink);
  const login = escapeHtml(input.loginLink);
  const html = `<!doctype html>${htmlElement(language)}<body style="font-family:sans-serif;line-height:1.5">
<p>${words.hello}</p>
<p>${words.buttonIntro(project)}</p>
<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#19303d;color:#fff;text-decoration:none;border-radius:4px">${words.button}</a></p>
<p>${words.paste}<br><a href="${href}">${href}</a></p>
<p>${words.validOnce(valid)}</p>
<p>${words.loginInstead(`<a href="${login}">${words.loginLinkLabel}</a>`, escapeHtml(loginValid))}</p>
<p>${words.ignore}</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
