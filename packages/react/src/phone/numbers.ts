import {
  AsYouType,
  getCountryCallingCode,
  parseIncompletePhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js/min';

/** The characters of a phone number that matter: a leading '+' and the digits (any script, as ASCII). */
export function significant(text: string): string {
  return parseIncompletePhoneNumber(text);
}

/** The country calling code without the '+': 'US' -> '1', 'GB' -> '44'. */
export function callingCode(country: CountryCode): string {
  return getCountryCallingCode(country);
}

/** How a number is parsed: libphonenumber-js by default; tests inject one that throws. */
export type PhoneParser = (value: string, country: CountryCode) => PhoneNumber | undefined;

/**
 * Parse for submit. A valid number gives its E.164 form (sent) and its international form (shown:
 * '+44 7911 123456', without the national trunk '0'); a number the parser understands but finds
 * invalid gives { valid: false }. When the parser itself fails (throws), the number is treated as
 * valid and sent as the country code plus the raw number: `fallback` says so.
 */
export function parsePhone(
  value: string,
  country: CountryCode,
  parse: PhoneParser = parsePhoneNumberFromString,
): { valid: true; e164: string; international: string; fallback?: true } | { valid: false } {
  try {
    const number = parse(value, country);
    if (!number?.isValid()) return { valid: false };
    return { valid: true, e164: number.number, international: number.formatInternational() };
  } catch {
    const raw = rawInternational(value, country);
    return { valid: true, e164: raw, international: raw, fallback: true };
  }
}

/**
 * The spec's fallback form when parsing fails or times out: '+', the calling code of the country,
 * then the digits typed. A number typed with its own '+' already carries its calling code, so it is
 * returned as '+' and its digits.
 */
export function rawInternational(value: string, country: CountryCode): string {
  let chars: string;
  try {
    chars = significant(value);
  } catch {
    chars = (value.trim().startsWith('+') ? '+' : '') + value.replace(/\D/g, '');
  }
  return chars.startsWith('+') ? chars : `+${callingCode(country)}${chars}`;
}

/** National digits as the selected country writes them while they are being typed. */
export function formatNational(text: string, country: CountryCode): string {
  return new AsYouType(country).input(significant(text));
}

/**
 * What the field shows for the text typed or pasted, and for which country. A national number is
 * formatted as you type for the selected country. An international number ('+44 20 7946 0958') is
 * shown in international format while it is being typed; once it is a whole number of a known
 * country, the field switches to that country and shows the national format.
 */
export function formatTyped(text: string, country: CountryCode): { value: string; country: CountryCode } {
  const chars = significant(text);
  if (!chars.startsWith('+')) return { value: new AsYouType(country).input(chars), country };
  const typer = new AsYouType();
  const international = typer.input(chars);
  const detected = typer.getCountry();
  const number = typer.getNumber();
  if (detected && number && typer.isValid()) return { value: number.formatNational(), country: detected };
  return { value: international, country };
}
