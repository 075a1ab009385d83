import { type Locale, matchLocale } from '@vestibule/contract';

/**
 * The language of a request's `locale` (BCP 47), by the widget's rule (the contract's matchLocale:
 * 'de-AT' is German, 'pt-PT' Brazilian Portuguese); anything else, or none, is English. Spaces
 * around it are dropped and '_' reads as '-', as some platforms write 'es_MX'.
 */
export const messageLanguage = (tag: string | undefined): Locale => matchLocale((tag ?? '').trim().replace(/_/g, '-')) ?? 'en';

/** The opening <html> of an email's HTML: its language, and right to left for Arabic. */
export const htmlElement = (language: Locale): string => `<html lang="${language}"${language === 'ar' ? ' dir="rtl"' : ''}>`;

/** Two sentences in one paragraph: a space between them, none in Japanese. */
export const twoSentences = (language: Locale, first: string, second: string): string => `${first}${language === 'ja' ? '' : ' '}${second}`;
