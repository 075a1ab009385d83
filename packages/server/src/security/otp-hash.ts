import { createHmac, randomInt } from 'node:crypto';

export const OTP_LENGTH = 6;

/** A 6-digit passcode from the CSPRNG (crypto.randomInt), leading zeros kept. */
export function newPasscode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * Why a keyed hash: a 6-digit code has only a million values, so a plain (or salted) SHA-256 of it
 * is reversed by trying them all in well under a second by anyone who reads the table. HMAC-SHA256
 * keyed with a 32-byte key derived from the server secret (which is not in the database) cannot be
 * brute-forced from a copy of the database. The method_id is part of the input, so one code's hash says
 * nothing about another method's.
 */
export function passcodeHash(key: Buffer, methodId: string, code: string): string {
  return createHmac('sha256', key).update(`${methodId}\n${code}`, 'utf8').digest('hex');
}
