/**
 * The phone-number input (country selector with dial codes, as-you-type national formatting) and
 * the parsing helpers for submit. Loaded lazily with `import('../phone')`: it is the only code
 * that imports libphonenumber-js (with its 'min' metadata), so the metadata stays in this chunk.
 */
import type { CountryCode } from 'libphonenumber-js';
import { PhoneField } from './PhoneField';

export type { CountryCode };
export type { PhoneFieldProps } from './PhoneField';
export { PhoneField };
export { parsePhone, rawInternational, callingCode } from './numbers';
export type { PhoneParser } from './numbers';
export default PhoneField;
