import type { OtpTemplate } from './config.js';
import { escapeHtml } from '../../delivery/email-parts.js';
import type { EmailMessage } from '../../delivery/email-sender.js';
import { ApiError } from '../../kernel/api-error.js';

/** Languages with built-in wording; any other locale falls back to English. */
export type OtpLanguage = 'en' | 'es' | 'fr';

interface Wording {
  line(projectName: string, code: string, minutes: number): string;
  subject(projectName: string): string;
  ignore: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const WORDING: Record<OtpLanguage, Wording> = {
  en: {
    line: (p, code, m) => `Your ${p} code is ${code}. It expires in ${plural(m, 'minute', 'minutes')}.`,
    subject: (p) => `Your ${p} verification code`,
    ignore: 'If you did not ask for this code, you can ignore this email.',
  },
  es: {
    line: (p, code, m) => `Tu código de ${p} es ${code}. Caduca en ${plural(m, 'minuto', 'minutos')}.`,
    subject: (p) => `Tu código de verificación de ${p}`,
    ignore: 'Si no has solicitado este código, puedes ignorar este correo.',
  },
  fr: {
    line: (p, code, m) => `Votre code ${p} est ${code}. Il expire dans ${plural(m, 'minute', 'minutes')}.`,
    subject: (p) => `Votre code de vérification ${p}`,
    ignore: "Si vous n'avez pas demandé ce code, vous pouvez ignorer cet e-mail.",
  },
};

/** 'es', 'es-MX', 'ES_es' → 'es'; 'fr-CA' → 'fr'; anything unknown or absent → 'en'. */
export function otpLanguage(locale: string | undefined): OtpLanguage {
  const primary = (locale ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'es' || primary === 'fr' ? primary : 'en';
}

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

/** The SMS or WhatsApp text: names the project and the code and says how long it is valid. */
export function otpText(input: MessageInput): string {
  if (input.template) return fill(input.template.text, input);
  return WORDING[otpLanguage(input.locale)].line(input.projectName, input.code, input.minutes);
}

/** The passcode email: the same wording, a subject, and html built from the escaped text. */
export function otpEmail(input: MessageInput & { to: string }): EmailMessage {
  const wording = WORDING[otpLanguage(input.locale)];
  const text = input.template ? fill(input.template.text, input) : `${wording.line(input.projectName, input.code, input.minutes)}\n\n${wording.ignore}`;
  const subject = input.template?.subject ? fill(input.template.subject, input) : wording.subject(input.projectName);
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) =>
      escapeHtml(paragraph).replace(/\n/g, '<br>').split(input.code).join(`<strong style="font-size:1.4em;letter-spacing:0.15em">${input.code}</strong>`),
    )
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">\n${paragraphs}\n</body></html>`;
  return { to: input.to, subject, text, html };
}
