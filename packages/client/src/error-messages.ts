import { errorCatalogue, isUserFacingErrorType } from '@vestibule/contract/errors';
import { errorTypeOf, field, NETWORK_ERROR_MESSAGE, UNKNOWN_ERROR_MESSAGE } from './errors.js';
import type { VestibuleErrorInfo } from './types.js';

/*
 * The words for errors: the contract's whole catalogue. Its own module, apart from the error
 * classes the calls throw, so a page loads it with its first failure (the widgets import it
 * lazily) rather than before its first paint.
 */

/**
 * English message of every error_type: the contract's catalogue (the one the server answers with),
 * plus the client's own network_error. Widgets may pass overrides keyed the same way.
 */
export const errorMessages = {
  ...(Object.fromEntries(Object.entries(errorCatalogue).map(([type, entry]) => [type, entry.message])) as {
    [K in keyof typeof errorCatalogue]: (typeof errorCatalogue)[K]['message'];
  }),
  network_error: NETWORK_ERROR_MESSAGE,
};

export type ErrorMessages = { -readonly [K in keyof typeof errorMessages]: string };

/**
 * The text to show for an error: an override for its error_type first; for the user-facing types
 * (the password errors among them) the catalogue's words; otherwise the server's error_message,
 * which the server words for the case (the field, the time to wait), then the catalogue's default,
 * then the error's own message.
 */
export function messageForError(error: unknown, overrides?: Partial<Record<string, string>>): string {
  const type = errorTypeOf(error);
  const catalogued = type !== undefined && Object.hasOwn(errorMessages, type) ? errorMessages[type as keyof typeof errorMessages] : undefined;
  if (type !== undefined) {
    const overridden = overrides && Object.hasOwn(overrides, type) ? overrides[type] : undefined;
    if (overridden) return overridden;
    if (catalogued && (isUserFacingErrorType(type) || type === 'network_error')) return catalogued;
  }
  if (typeof error === 'string' && error !== '') return error;
  return field(error, 'error_message') ?? catalogued ?? field(error, 'message') ?? UNKNOWN_ERROR_MESSAGE;
}

/** The shape the widgets and the host's onError callback receive. */
export function toErrorInfo(error: unknown): VestibuleErrorInfo {
  const type = errorTypeOf(error);
  return {
    error_type: (type ?? 'sdk_error') as VestibuleErrorInfo['error_type'],
    message: messageForError(error),
  };
}
