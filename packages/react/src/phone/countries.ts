import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';

export interface CountryOption {
  code: CountryCode;
  /** The region's name in the widget's language, e.g. 'United States', 'Vereinigte Staaten'. */
  name: string;
  /** Calling code without the '+', e.g. '1'. */
  callingCode: string;
}

/** Computed once per language. */
const options = new Map<string, readonly CountryOption[]>();

function regionNamer(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** Every country the metadata knows, named in `locale` and sorted by name in its order. */
export function countryOptions(locale: string): readonly CountryOption[] {
  let known = options.get(locale);
  if (!known) {
    const nameOf = regionNamer(locale);
    const collator = new Intl.Collator(locale);
    known = getCountries()
      .map((code) => ({ code, name: nameOf(code), callingCode: getCountryCallingCode(code) }))
      .sort((a, b) => collator.compare(a.name, b.name));
    options.set(locale, known);
  }
  return known;
}

/** 'United States (+1)': how each option of the country selector reads. */
export function optionLabel(option: CountryOption): string {
  return `${option.name} (+${option.callingCode})`;
}
