import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { ApiError } from '../kernel/api-error.js';

export const MAX_BODY_BYTES = 16 * 1024;

/** Refuses bodies over 16 KiB with 413 payload_too_large (checked while streaming too): for form posts; JSON bodies are read by read-body.ts. */
export function bodyLimit() {
  return honoBodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError('payload_too_large');
    },
  });
}
