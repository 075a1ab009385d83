import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import type { Argon2Params } from '../config/server-config.js';
import { randomToken } from './random-token.js';

// @node-rs/argon2 declares Algorithm as a const enum, which isolatedModules cannot inline.
const ARGON2ID = 2 as Algorithm;

/** An argon2id PHC string (parameters, random 16-byte salt, 32-byte hash). */
export function hashPassword(password: string, params: Argon2Params): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: params.memoryCost, timeCost: params.timeCost, parallelism: params.parallelism });
}

/** Constant-time check of a password against a stored PHC string; a malformed hash is a mismatch. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** True when the stored hash is not argon2id with exactly the current parameters. */
export function needsRehash(stored: string, params: Argon2Params): boolean {
  try {
    const options = parseOptions(stored);
    return (
      options.algorithm !== ARGON2ID ||
      options.memoryCost !== params.memoryCost ||
      options.timeCost !== params.timeCost ||
      options.parallelism !== params.parallelism
    );
  } catch {
    return true;
  }
}

/**
 * A hash of a random secret made with the current parameters: verified against when the email is
 * unknown, so an unknown email costs the same time as a wrong password.
 */
export function dummyHashLoader(params: Argon2Params): () => Promise<string> {
  let dummy: Promise<string> | null = null;
  return () => (dummy ??= hashPassword(randomToken(), params));
}
