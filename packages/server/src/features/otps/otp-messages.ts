import type { Locale } from '@vestibule/contract';
import type { OtpTemplate } from './config.js';
import { minutesWords } from '../../delivery/duration-words.js';
import { escapeHtml } from '../../delivery/email-parts.js';
import type { EmailMessage } from '../../delivery/email-sender.js';
import { htmlElement, messageLanguage } from '../../delivery/languages.js';
import { ApiError } from '../../kernel/api-error.js';
import { OTP_WORDING } from './otp-wording.js';

/** The template a request names, or 400 bad_request naming the unknown id. */
export function chooseTemplate(field: string, id: string | undefined, templates: Record<string, OtpTemplate>): OtpTemplate | null {
  if (id === undefined) return null;
  const template = Object.hasOwn(templates, id) ? templates[id] : undefined;
  if (!template) throw new ApiError('bad_request', `${field} "${id}" is not one of the project's otpTemplates.`);
  return template;
}

function fill(template: string, values: { code: string; projectName: string; minutes: number }): string {
  return template.replace(/\{(code|projectName|minutes)\}/g, (_, name: keyof typeof values) => String(values[name]));
}

interface MessageInput {
  projectName: string;
  code: string;
  minutes: number;
  locale: string | undefined;
  template: OtpTemplate | null;
}

/** The built-in line in `language` (messageLanguage of the request's locale: unknown or absent is English). */
const builtInLine = (input: MessageInput, language: Locale) => OTP_WORDING[language].line(input.projectName, input.code, minutesWords(input.minutes, language));

/** The SMS or WhatsApp text: names the project and the code and says how long it is valid. */
export function otpText(input: MessageInput): string {
  if (input.template) return fill(input.template.text, input);
  return builtInLine(input, messageLanguage(input.locale));
}

/**
 * The passcode email: the same wording, a subject, and html built from the escaped text. Its html
 * names the locale's language, a template's too: a host words its templates for the people it
 * names them for, and a template without a subject takes the built-in one in that language.
 */
export function otpEmail(input: MessageInput & { to: string }): EmailMessage {
  const language = messageLanguage(input.locale);
  const wording = OTP_WORDING[language];
  const text = input.template ? fill(input.template.text, input) : `${builtInLine(input, language)}\n\n${wording.ignore}`;
  const subject = input.template?.subject ? fill(input.template.subject, input) : wording.subject(input.projectName);
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) =>
      escapeHtml(paragraph).replace(/\n/g, '<br>').split(input.code).join(`<strong style="font-size:1.4em;letter-spacing:0.15em">${input.code}</strong>`),
    )
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('\n');
  const html = `<!doctype html>${htmlElement(language)}<body style="font-family:sans-serif;line-height:1.5">\n${paragraphs}\n</body></html>`;
  return { to: input.to, subject, text, html };
}
