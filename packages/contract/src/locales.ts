/**
 * The languages the widgets speak and the server words its emails and texts in, and the rule that
 * picks one for a language tag: one list and one rule for both sides, so that a widget and the
 * emails it asks for agree. Plain data: browser code imports this entry at run time,
 * `@vestibule/contract/locales`.
 */
export const LOCALES = ['en', 'de', 'fr', 'es', 'ja', 'pt-BR', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** A language tag's language: 'pt-BR' → 'pt'. */
const languageOf = (tag: string) => tag.toLowerCase().split('-')[0];

/**
 * The shipped locale for a language tag (BCP 47): the same tag in any case, else the first with
 * its language ('de-CH' is German, 'pt-PT' Brazilian Portuguese, 'en-GB' English); none for any
 * other language, or for what is not text. Spaces around it are ignored and '_' is read as '-'
 * ('pt_BR', as POSIX systems write it).
 */
export function matchLocale(tag: unknown): Locale | undefined {
  if (typeof tag !== 'string') return undefined;
  const wanted = tag.trim().replace(/_/g, '-').toLowerCase();
  return LOCALES.find((locale) => locale.toLowerCase() === wanted) ?? LOCALES.find((locale) => languageOf(locale) === languageOf(wanted));
}
