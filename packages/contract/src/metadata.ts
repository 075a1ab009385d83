import { z } from 'zod';

/**
 * The most a user's metadata object may take, each of the two, as JSON text in UTF-8: the User
 * carries both on every sign-in and session check, and the browser keeps it (8 KB in all, as
 * Clerk allows).
 */
export const MAX_METADATA_BYTES = 4096;

/**
 * How deep a metadata object may nest objects and arrays, the object itself being the first level.
 * Ten is more than settings and flags take, and it keeps every reader of the value (its size here,
 * JSON.stringify, the database's jsonb) far from its recursion limit: thousands of nested arrays fit
 * in a body of a few kilobytes.
 */
export const MAX_METADATA_DEPTH = 10;

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** Whether a value nests at most `levels` objects and arrays deep; it looks no deeper than that, so it never recurses further. */
function nestsAtMost(value: unknown, levels: number): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (levels === 0) return false;
  return Object.values(value).every((inner) => nestsAtMost(inner, levels - 1));
}

/** A metadata object as it is answered: any JSON object. */
export const metadataObject = z.record(z.string(), z.unknown());

/** A metadata object as it is written: any JSON object within MAX_METADATA_DEPTH and MAX_METADATA_BYTES. A write replaces the whole object. */
export const metadataInput = metadataObject
  // Its depth first, and only then its size: measuring a value nested too deep would overflow the stack.
  .refine((value) => nestsAtMost(value, MAX_METADATA_DEPTH), { message: `must nest objects and arrays at most ${MAX_METADATA_DEPTH} levels deep`, abort: true })
  .refine((value) => jsonBytes(value) <= MAX_METADATA_BYTES, `must take at most ${MAX_METADATA_BYTES} bytes as JSON`)
  .meta({
    description: `A JSON object of at most ${MAX_METADATA_BYTES} bytes (as JSON text, UTF-8), nesting objects and arrays at most ${MAX_METADATA_DEPTH} levels deep (the object itself is the first). It replaces the whole object: send {} to empty it.`,
  });
