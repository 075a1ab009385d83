import { nanoid } from 'nanoid';

/** Length of every random id the client makes (SPEC.md section 9). */
export const RANDOM_ID_LENGTH = 21;

/** A URL-safe random id of 21 characters. */
export function randomId(): string {
  return nanoid(RANDOM_ID_LENGTH);
}
