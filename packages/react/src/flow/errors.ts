import type { VestibuleErrorInfo } from '@vestibule/client';
import { errorTypeOf } from '@vestibule/client';
import { messageForError as catalogueMessage, toErrorInfo as clientToErrorInfo } from '@vestibule/client/error-messages';

/** Any thrown value as the error shape the client documents ({ error_type, message }). */
export function toErrorInfo(err: unknown): VestibuleErrorInfo {
  return clientToErrorInfo(err);
}

/**
 * The message the widget shows for an error: the host's `strings` entry for its error_type
 * (`{ invalid_email: '…' }`) when there is one; otherwise the catalogue's message (the contract's
 * error catalogue) or the server's, with the host's override of that English
 * text.
 */
export function messageForError(err: unknown, free: (text: string) => string): string {
  const type = errorTypeOf(err);
  if (type !== undefined && free(type) !== type) return free(type);
  return free(catalogueMessage(err));
}
