import { domainToASCII } from 'node:url';
import { ApiError } from './api-error.js';

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

/** Characters nothing displays (zero-width spaces and joiners, direction marks, controls): a domain with one looks like one without. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u;

/** Any character but printable ASCII (a control character is as invisible as a zero-width space, and no database holds NUL). */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;

/**
 * The one form an address is compared and stored in, so that spellings of one mailbox reach one
 * user, and spellings of two mailboxes never reach one:
 * - the domain is folded as DNS folds it, to its ASCII form (IDNA by the URL standard's
 *   domainToASCII, as mail is delivered: 'BÜCHER.de' and 'ｂücher.de' are 'xn--bcher-kva.de');
 * - the part before @ is the receiving server's to read, and servers tell apart what Unicode
 *   folding would merge ('ſam' and 'sam', a letter with an invisible mark after it and without),
 *   so it may hold only printable ASCII, lower-cased; other text there is refused, never folded.
 * 400 invalid_email when it is not such an address ('Email format is invalid.' in the widget; the
 * API's message says what is wrong with the part before @).
 */
export function normalizeEmail(value: string): string {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) throw new ApiError('invalid_email');
  const local = trimmed.slice(0, at).toLowerCase();
  if (NOT_PRINTABLE_ASCII.test(local))
    throw new ApiError('invalid_email', 'The part of an email address before @ may hold only ASCII letters, digits and symbols.');
  const domain = trimmed.slice(at + 1);
  // domainToASCII would read '%61' as 'a', keep an invisible character as if it were not there, and
  // drop what follows a '/', '?', '#' or '\' as a web address's path ('a@example.com/x' is no address).
  if (/[%/?#\\]/.test(domain) || INVISIBLE.test(domain)) throw new ApiError('invalid_email');
  const email = `${local}@${domainToASCII(domain.toLowerCase())}`;
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw new ApiError('invalid_email');
  return email;
}

/** normalizeEmail, or null for what it refuses (an address from elsewhere: a provider's profile, the settings, a stored row). */
export function emailOrNull(value: string): string | null {
  try {
    return normalizeEmail(value);
  } catch {
    return null;
  }
}
