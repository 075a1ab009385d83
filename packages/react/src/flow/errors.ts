import type { VestibuleErrorInfo } from '@vestibule/client';
import { messageForError as catalogueMessage, toErrorInfo as clientToErrorInfo } from '@vestibule/client';

/** Any thrown value as the error shape the client documents ({ error_type, message }). */
export function toErrorInfo(err: unknown): VestibuleErrorInfo {
  return clientToErrorInfo(err);
}

/**
 * The message the widget shows for an error: the client's error catalogue (SPEC.md section 8) by
 * error_type, else the server's message; then the host's `strings` override of that English text.
 */
export function messageForError(err: unknown, free: (text: string) => string): string {
  return free(catalogueMessage(err));
}
