import { createHmac, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.js';

export const OTP_LENGTH = 6;

/** A 6-digit passcode from the CSPRNG (crypto.randomInt), leading zeros kept. */
export function newPasscode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * Why a keyed hash: a 6-digit code has only a million values, so a plain (or salted) SHA-256 of it
 * is reversed by trying them all in well under a second by anyone who reads the table. HMAC-SHA256
 * keyed with a 32-byte secret (server_secrets.otp_hmac_key, made by migration 0002) cannot be
 * brute-forced without that key. The method_id is part of the input, so one code's hash says
 * nothing about another method's.
 */
export function passcodeHash(key: string, methodId: string, code: string): string {
  return createHmac('sha256', key).update(`${methodId}\n${code}`, 'utf8').digest('hex');
}

/** Reads the passcode HMAC key once per database handle (it never changes). */
export function otpKeyLoader(db: Kysely<Database>): () => Promise<string> {
  let key: Promise<string> | null = null;
  return () => {
    key ??= db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'otp_hmac_key')
      .executeTakeFirstOrThrow()
      .then((row) => row.value)
      .catch((error: unknown) => {
        key = null;
        throw error;
      });
    return key;
  };
}
