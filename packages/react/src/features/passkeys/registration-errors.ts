import { errorTypeOf } from '@vestibule/client';

/**
 * Which message a passkey that was not created shows: the registration mount's and the account
 * page's. Apart from errors.ts, which the login mount loads up front for its sign-in.
 */

/** A credential the authenticator or the server already holds, however it is worded. */
const DUPLICATE_WORDING = /duplicate|previously registered|already registered/i;

function isDuplicate(err: unknown): boolean {
  if (errorTypeOf(err) === 'duplicate_webauthn_registration') return true;
  if (typeof err !== 'object' || err === null) return typeof err === 'string' && DUPLICATE_WORDING.test(err);
  const { code, message } = err as { code?: unknown; message?: unknown };
  return code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || (typeof message === 'string' && DUPLICATE_WORDING.test(message));
}

export const registrationErrorKey = (err: unknown) => (isDuplicate(err) ? 'passkeyDuplicate' : 'passkeyNotCreated');
