import { type Locale, matchLocale } from '@vestibule/contract';

/**
 * The language of a request's `locale` (BCP 47), by the widget's rule (the contract's matchLocale:
 * 'de-AT' is German, 'pt-PT' Brazilian Portuguese, 'es_MX' Spanish); anything else, or none, is English.
 */
export const messageLanguage = (tag: string | undefined): Locale => matchLocale(tag) ?? 'en';

/** The opening <html> of an email's HTML: its language, and right to left for Arabic. */
export const htmlElement = (language: Locale): string => `<html lang="${language}"${language === 'ar' ? ' dir="rtl"' : ''}>`;

/** Two sentences in one paragraph: a space between them, none in Japanese. */
export const twoSentences = (language: Locale, first: string, second: string): string => `${first}${language === 'ja' ? '' : ' '}${second}`;
