import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';

export interface CountryOption {
  code: CountryCode;
  /** English region name, e.g. 'United States'. */
  name: string;
  /** Calling code without the '+', e.g. '1'. */
  callingCode: string;
}

let options: readonly CountryOption[] | undefined;

function regionNamer(): (code: string) => string {
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** Every country the metadata knows, named in English and sorted by name; computed once. */
export function countryOptions(): readonly CountryOption[] {
  if (!options) {
    const nameOf = regionNamer();
    const collator = new Intl.Collator('en');
    options = getCountries()
      .map((code) => ({ code, name: nameOf(code), callingCode: getCountryCallingCode(code) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }
  return options;
}

/** 'United States (+1)': how each option of the country selector reads. */
export function optionLabel(option: CountryOption): string {
  return `${option.name} (+${option.callingCode})`;
}
