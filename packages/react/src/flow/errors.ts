import type { VestibuleErrorInfo } from '@vestibule/client';
import { errorTypeOf } from '@vestibule/client';
import { messageForError as catalogueMessage, toErrorInfo as clientToErrorInfo, errorMessages } from '@vestibule/client/error-messages';

/** Any thrown value as the error shape the client documents ({ error_type, message }). */
export function toErrorInfo(err: unknown): VestibuleErrorInfo {
  return clientToErrorInfo(err);
}

/**
 * The message the widget shows for an error: the host's `strings` entry for its error_type
 * (`{ invalid_email: '…' }`) when there is one; otherwise the catalogue's message (the contract's
 * error catalogue) or the server's, with the host's override or the language's translation of that
 * English text. The server's own wording of a case (a field, a time to wait) has no translation: in
 * another language the catalogue's words for its error_type stand in, translated.
 */
export function messageForError(err: unknown, free: (text: string) => string): string {
  const type = errorTypeOf(err);
  if (type !== undefined && free(type) !== type) return free(type);
  const message = catalogueMessage(err);
  const shown = free(message);
  if (shown !== message || type === undefined || !Object.hasOwn(errorMessages, type)) return shown;
  const catalogued = errorMessages[type as keyof typeof errorMessages];
  const translated = free(catalogued);
  return translated !== catalogued ? translated : shown;
}
