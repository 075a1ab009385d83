/**
 * The languages the server words its emails and texts in: the ones the widgets ship
 * (packages/react/src/locales/choose.ts), in the same order, English first.
 */
export const MESSAGE_LANGUAGES = ['en', 'de', 'fr', 'es', 'ja', 'pt-BR', 'ar'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** A language tag's language: 'pt-BR' → 'pt'. '_' separates too, as some platforms write 'es_MX'. */
const languageOf = (tag: string) => tag.toLowerCase().split(/[-_]/)[0];

/**
 * The language of a request's `locale` (BCP 47), by the widget's rule: the same tag in any case,
 * else the first language with its language ('de-AT' is German, 'pt-PT' Brazilian Portuguese,
 * 'en-GB' English); anything else, or none, is English.
 */
export function messageLanguage(tag: string | undefined): MessageLanguage {
  const asked = (tag ?? '').trim();
  if (asked === '') return 'en';
  return (
    MESSAGE_LANGUAGES.find((language) => language.toLowerCase() === asked.toLowerCase()) ??
    MESSAGE_LANGUAGES.find((language) => languageOf(language) === languageOf(asked)) ??
    'en'
  );
}

/** The opening <html> of an email's HTML: its language, and right to left for Arabic. */
export const htmlElement = (language: MessageLanguage): string => `<html lang="${language}"${language === 'ar' ? ' dir="rtl"' : ''}>`;

/** Two sentences in one paragraph: a space between them, none in Japanese. */
export const twoSentences = (language: MessageLanguage, first: string, second: string): string => `${first}${language === 'ja' ? '' : ' '}${second}`;
