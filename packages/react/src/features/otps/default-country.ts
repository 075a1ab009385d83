import type { Locale } from '@vestibule/contract/locales';
import type { CountryCode } from 'libphonenumber-js';

/**
 * The country a phone field starts on, by the widget's language: the United States in English (the
 * contract's default), else the country where most speakers of the language shipped live or the
 * language is from. Each language's placeholder ('(123) 456-7890' in English) is an example number
 * of this country, as people there write it (the locales' translations).
 */
const BY_LOCALE: Record<Locale, CountryCode> = { en: 'US', de: 'DE', fr: 'FR', es: 'ES', ja: 'JP', 'pt-BR': 'BR', ar: 'SA' };

export function defaultCountry(locale: string): CountryCode {
  return BY_LOCALE[locale as Locale] ?? 'US';
}
