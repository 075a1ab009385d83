import { matchLocale } from '@vestibule/contract/locales';
import type { Language } from './choose';

/**
 * A language's texts, for a widget that must draw in it at once (server rendering: the mounts'
 * `language` option). `locale` as the mounts take it ('de', 'pt-BR', 'de-AT'); anything that names
 * no shipped language, or is not text (a query parameter given twice), is English: a server has no
 * browser preference to fall back on.
 */
export const loadLanguage = (locale: string): Promise<Language> => import('./choose').then((choose) => choose.languageFor(matchLocale(locale) ?? 'en'));

export type { Language } from './choose';
