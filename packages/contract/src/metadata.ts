import { z } from 'zod';

/**
 * The most a user's metadata object may take, each of the two, as JSON text in UTF-8: the User
 * carries both on every sign-in and session check, and the browser keeps it (8 KB in all, as
 * Clerk allows).
 */
export const MAX_METADATA_BYTES = 4096;

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** A metadata object as it is answered: any JSON object. */
export const metadataObject = z.record(z.string(), z.unknown());

/** A metadata object as it is written: any JSON object within MAX_METADATA_BYTES. A write replaces the whole object. */
export const metadataInput = metadataObject
  .refine((value) => jsonBytes(value) <= MAX_METADATA_BYTES, `must take at most ${MAX_METADATA_BYTES} bytes as JSON`)
  .meta({ description: `A JSON object of at most ${MAX_METADATA_BYTES} bytes (as JSON text, UTF-8). It replaces the whole object: send {} to empty it.` });
