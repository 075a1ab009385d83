import { nanoid } from 'nanoid';

/** Length of every random id the client makes. */
export const RANDOM_ID_LENGTH = 21;

/** A URL-safe random id of 21 characters. */
export function randomId(): string {
  return nanoid(RANDOM_ID_LENGTH);
}
