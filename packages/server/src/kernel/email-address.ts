import { domainToASCII } from 'node:url';
import { ApiError } from '../http/api-error.js';

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

/** Characters nothing displays (zero-width spaces and joiners, direction marks, controls): an address with one looks like one without. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u;

/**
 * The one form an address is compared and stored in, so that spellings that look alike reach one
 * user: Unicode NFKC ('ａ' is 'a', '＠' is '@'), trimmed, lower-cased, and the domain in its ASCII
 * form (IDNA by the URL standard's domainToASCII, as mail is delivered: 'bücher.de' is
 * 'xn--bcher-kva.de'). An address with an invisible character is refused rather than kept apart.
 * Letters of other scripts that merely look Latin (Cyrillic 'а') are other addresses, and stay so.
 * 400 invalid_email 'Email format is invalid.' when it is not an address.
 */
export function normalizeEmail(value: string): string {
  const folded = value.normalize('NFKC').trim().toLowerCase();
  const at = folded.lastIndexOf('@');
  if (at < 1 || INVISIBLE.test(folded)) throw new ApiError('invalid_email');
  const email = `${folded.slice(0, at)}@${domainToASCII(folded.slice(at + 1))}`;
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
