import { INVALID_PHONE_NUMBER_MESSAGE } from '@vestibule/contract/error-words';

/** Shown under the email field of the OTP form. */
export const INVALID_EMAIL_OTP_MESSAGE = 'Invalid email address.';
/** Shown under the email field of the magic-link and password forms. */
export const INVALID_EMAIL_FORMAT_MESSAGE = 'Email format is invalid.';
/** Shown under the phone field when the number does not parse. */
export { INVALID_PHONE_NUMBER_MESSAGE };

// local@domain.tld: no spaces, one @, a dot-separated domain whose labels do not start or end with
// a hyphen, and a top-level label of at least two characters.
const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function isValidEmail(email: string): boolean {
  if (email.length > 254) return false;
  const local = email.slice(0, email.lastIndexOf('@'));
  if (local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  return EMAIL_PATTERN.test(email);
}
