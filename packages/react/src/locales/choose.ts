import { LOCALES, type Locale, matchLocale } from '@vestibule/contract/locales';
import type { Translation } from './catalogue';

/** English's texts are the keys; every other shipped language is a chunk of its own, fetched only when chosen. */
const chunks = {
  de: () => import('./de'),
  fr: () => import('./fr'),
  es: () => import('./es'),
  ja: () => import('./ja'),
  'pt-BR': () => import('./pt-BR'),
  ar: () => import('./ar'),
} satisfies Record<Exclude<Locale, 'en'>, () => Promise<{ translation: Translation }>>;

/** What a widget speaks: its locale, and that locale's translation (null for English, whose texts are the keys). */
export interface Language {
  locale: Locale;
  translation: Translation | null;
}

/**
 * The widget's locale: the mount's `locale` when it names a shipped one, else the browser's first
 * preference that does (none where there is no browser: server rendering), else English. A `locale`
 * that names none is a developer's mistake, said on the console.
 */
export function chooseLocale(asked: string | undefined, preferred: readonly string[] = globalThis.navigator?.languages ?? []): Locale {
  const match = asked === undefined ? undefined : matchLocale(asked);
  // The value is quoted as JSON and cut short: whatever a page passed, it stays one short line.
  if (asked !== undefined && !match)
    console.warn(`Vestibule: the locale ${JSON.stringify(String(asked).slice(0, 40))} is not one of ${LOCALES.join(', ')}; using the browser's language.`);
  return match ?? preferred.map(matchLocale).find(Boolean) ?? 'en';
}

/** Fetches `locale`'s translation (each call fetches anew: a failure is tried again by the next mount). */
export const loadTranslation = (locale: Exclude<Locale, 'en'>): Promise<Translation> => chunks[locale]().then((module) => module.translation);

/** The language for a mount's `locale` option, its translation fetched. */
export const chooseLanguage = (asked: string | undefined): Promise<Language> => languageFor(chooseLocale(asked));

/** A shipped locale's language, its translation fetched. */
export async function languageFor(locale: Locale): Promise<Language> {
  return { locale, translation: locale === 'en' ? null : await loadTranslation(locale) };
}
