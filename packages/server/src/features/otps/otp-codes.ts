import type { Kysely } from 'kysely';
import type { Reservation } from '../../kernel/failure-counters.js';
import { attemptCode, codeOwner, issueCode } from '../../kernel/one-time-secrets.js';
import { passcodeHash } from '../../security/otp-hash.js';
import type { Database, OtpChannel } from '../../storage/database.js';

/** Tries one passcode allows (right or wrong); after the 5th wrong one it is dead. */
export const OTP_MAX_ATTEMPTS = 5;

/** Passcodes are one-time codes bound to the email_id or phone_id they went to. */
const PURPOSE = 'passcode';

interface Passcode {
  channel: OtpChannel;
}

/**
 * Stores a passcode (from newPasscode, security/otp-hash.ts) for a method (email_id or phone_id):
 * only its keyed hash. It replaces (ends) the method's previous one, so the routes store it once
 * it has been sent: a new code that could not be sent leaves the last one working.
 */
export async function storePasscode(
  db: Kysely<Database>,
  key: Buffer,
  input: { code: string; methodId: string; userId: string; channel: OtpChannel; expirationMinutes: number; now: Date },
): Promise<void> {
  await issueCode<Passcode>(db, {
    purpose: PURPOSE,
    subject: input.methodId,
    codeHash: passcodeHash(key, input.methodId, input.code),
    maxAttempts: OTP_MAX_ATTEMPTS,
    userId: input.userId,
    bound: { channel: input.channel },
    expirationMinutes: input.expirationMinutes,
    now: input.now,
  });
}

export type PasscodeCheck =
  | { kind: 'not_found' }
  /** The method has a code but it no longer works (attempts used up, used, or expired): only a new one helps. */
  | { kind: 'dead' }
  | { kind: 'locked'; userId: string; until: Date }
  /** lastAttempt: that wrong guess used the code's last try, so the code is dead now. */
  | { kind: 'wrong'; userId: string; lockIfWrong: Date | null; lastAttempt: boolean }
  | { kind: 'ok'; userId: string; methodId: string; channel: OtpChannel };

/**
 * Checks a passcode. Each try first reserves an attempt against the user's failure counters
 * (refused while locked), then one of the code's 5 attempts (kernel attemptCode), so even
 * concurrent guesses (on several instances) get at most 5 tries per code and are all counted
 * before any is checked. A right code is used once.
 */
export async function checkPasscode(
  db: Kysely<Database>,
  key: Buffer,
  input: { methodId: string; code: string; now: Date; reserveAttempt: (userId: string) => Promise<Reservation> },
): Promise<PasscodeCheck> {
  const owner = await codeOwner(db, PURPOSE, input.methodId);
  if (!owner?.userId) return { kind: 'not_found' };
  const userId = owner.userId;
  const reservation = await input.reserveAttempt(userId);
  if (!reservation.allowed) return { kind: 'locked', userId, until: reservation.lockedUntil };

  const attempt = await attemptCode<Passcode>(db, PURPOSE, input.methodId, passcodeHash(key, input.methodId, input.code), input.now);
  if (attempt.kind === 'dead') return { kind: 'dead' };
  if (attempt.kind === 'wrong') return { kind: 'wrong', userId, lockIfWrong: reservation.lockIfWrong, lastAttempt: attempt.lastAttempt };
  return { kind: 'ok', userId, methodId: input.methodId, channel: attempt.bound.channel };
}
