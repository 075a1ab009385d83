import { ApiError } from '../http/api-error.js';

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

/** Trims and lower-cases an address; 400 invalid_email 'Email format is invalid.' when it is not one. */
export function normalizeEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw new ApiError('invalid_email');
  return email;
}
