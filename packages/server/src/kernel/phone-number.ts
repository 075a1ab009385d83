import { ParseError, type PhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/max';
import { ApiError } from './api-error.js';

const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * Checks a phone number and returns it in E.164. Not E.164 or not a valid number (full
 * libphonenumber metadata): 400 invalid_phone_number. A country calling code that does not exist,
 * or a country outside the project's smsCountries allowlist: 400 invalid_phone_number_country_code.
 */
export function normalizePhoneNumber(value: string, allowedCountries: string[] | null): { e164: string; country: string | null } {
  const raw = value.trim();
  if (!E164.test(raw)) throw new ApiError('invalid_phone_number');
  let parsed: PhoneNumber;
  try {
    parsed = parsePhoneNumberWithError(raw);
  } catch (error) {
    if (error instanceof ParseError && error.message === 'INVALID_COUNTRY') {
      throw new ApiError('invalid_phone_number_country_code', 'The country calling code of this phone number does not exist.');
    }
    throw new ApiError('invalid_phone_number');
  }
  if (!parsed.isValid()) throw new ApiError('invalid_phone_number');
  const country = parsed.country ?? null;
  if (allowedCountries && (!country || !allowedCountries.includes(country))) {
    throw new ApiError(
      'invalid_phone_number_country_code',
      `Phone numbers ${country ? `from ${country} ` : `with country calling code +${parsed.countryCallingCode} `}are not enabled for this project.`,
    );
  }
  return { e164: parsed.number, country };
}
