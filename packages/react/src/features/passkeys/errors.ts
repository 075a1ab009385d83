import { errorTypeOf } from '@vestibule/client';

/** Which passkey message a failure shows, and which failures show none. */

const nameOf = (err: unknown) => (err instanceof Error ? err.name : undefined);

/** The ceremony was cancelled by the widget itself (the screen was left): no one is told. */
export const wasAborted = (err: unknown, signal: AbortSignal): boolean => signal.aborted || nameOf(err) === 'AbortError';

/**
 * The user closed the browser's passkey dialog (or let it time out): the browser says
 * NotAllowedError, and @simplewebauthn/browser's WebAuthnError takes the name of its cause.
 */
export const wasCancelled = (err: unknown): boolean => nameOf(err) === 'NotAllowedError';

/** The server refused the passkey the user picked (not a failure before the user acted). */
export const refusedPick = (err: unknown): boolean =>
  ['webauthn_registration_not_found', 'invalid_webauthn_response', 'webauthn_challenge_not_found'].includes(errorTypeOf(err) ?? '');

export const signInErrorKey = (err: unknown) => (errorTypeOf(err) === 'webauthn_registration_not_found' ? 'passkeyNotFound' : 'passkeyUnknownError');
