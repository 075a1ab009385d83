import type { Language } from './choose';

/**
 * A language's texts, for a widget that must draw in it at once (server rendering: the mounts'
 * `language` option). `locale` as the mounts take it; one that names no shipped language is English.
 */
export const loadLanguage = (locale: string): Promise<Language> => import('./choose').then((choose) => choose.chooseLanguage(locale));
export type { Language } from './choose';
