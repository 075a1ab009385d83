import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** A number in E.164 as people read it ('+447911123456' -> '+44 7911 123456'); as it came when it does not parse. */
export function readablePhoneNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
