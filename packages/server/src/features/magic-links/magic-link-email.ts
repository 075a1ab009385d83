import { durationWords } from '../../delivery/duration-words.js';
import { escapeHtml } from '../../delivery/email-parts.js';
import type { EmailMessage } from '../../delivery/email-sender.js';
import { htmlElement, messageLanguage, twoSentences } from '../../delivery/languages.js';
import { MAGIC_LINK_WORDING } from './magic-link-wording.js';

/**
 * The login or sign-up email: names the project, carries the link, says how long it works, in the
 * language of `locale` (delivery/languages.ts: unknown or absent is English).
 */
export function magicLinkEmail(input: {
  to: string;
  projectName: string;
  link: string;
  kind: 'login' | 'signup';
  expirationMinutes: number;
  locale?: string | undefined;
}): EmailMessage {
  const language = messageLanguage(input.locale);
  const words = MAGIC_LINK_WORDING[language];
  const { kind } = input;
  const valid = durationWords(input.expirationMinutes, language);
  const subject = words.subject[kind](input.projectName);
  const text = [words.hello, ``, words.linkIntro[kind](input.projectName), ``, input.link, ``, words.validOnce(valid), words.ignore].join('\n');
  const project = escapeHtml(input.projectName);
  const href = escapeHtml(input.link);
  const html = `<!doctype html>${htmlElement(language)}<body style="font-family:sans-serif;line-height:1.5">
<p>${words.hello}</p>
<p>${words.buttonIntro[kind](project)}</p>
<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#19303d;color:#fff;text-decoration:none;border-radius:4px">${words.button[kind](project)}</a></p>
<p>${words.paste}<br><a href="${href}">${href}</a></p>
<p>${twoSentences(language, words.validOnce(valid), words.ignore)}</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
