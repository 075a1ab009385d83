import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Reservation } from '../../kernel/failure-counters.js';
import { newPasscode, passcodeHash } from '../../security/otp-hash.js';
import type { Database, OtpChannel, OtpCodeRow } from '../../storage/database.js';

/** Tries one passcode allows (right or wrong); after the 5th wrong one it is dead. */
export const OTP_MAX_ATTEMPTS = 5;

/**
 * Makes a passcode for a method (email_id or phone_id) and stores only its keyed hash. The row is
 * upserted on method_id, so a new passcode replaces (invalidates) the previous one.
 */
export async function issuePasscode(
  db: Kysely<Database>,
  key: Buffer,
  input: { methodId: string; userId: string; channel: OtpChannel; expirationMinutes: number; now: Date },
): Promise<string> {
  const code = newPasscode();
  const values = {
    user_id: input.userId,
    channel: input.channel,
    code_hash: passcodeHash(key, input.methodId, code),
    attempts: 0,
    created_at: input.now,
    expires_at: new Date(input.now.getTime() + input.expirationMinutes * 60_000),
    used_at: null,
  };
  await db
    .insertInto('otp_codes')
    .values({ method_id: input.methodId, ...values })
    .onConflict((oc) => oc.column('method_id').doUpdateSet(values))
    .execute();
  return code;
}

export type PasscodeCheck =
  | { kind: 'not_found' }
  | { kind: 'locked'; userId: string; until: Date }
  | { kind: 'wrong'; userId: string; lockIfWrong: Date | null }
  | { kind: 'ok'; row: OtpCodeRow };

/**
 * Checks a passcode. Each try first reserves an attempt against the user's failure counters
 * (refused while locked), then one of the code's 5 attempts with an atomic UPDATE … WHERE
 * attempts < 5, so even concurrent guesses (on several instances) get at most 5 tries per code and
 * are all counted before any is checked. A right code is then used once (UPDATE … WHERE used_at IS
 * NULL).
 */
export async function checkPasscode(
  db: Kysely<Database>,
  key: Buffer,
  input: { methodId: string; code: string; now: Date; reserveAttempt: (userId: string) => Promise<Reservation> },
): Promise<PasscodeCheck> {
  const row = await db.selectFrom('otp_codes').selectAll().where('method_id', '=', input.methodId).executeTakeFirst();
  if (!row) return { kind: 'not_found' };
  const reservation = await input.reserveAttempt(row.user_id);
  if (!reservation.allowed) return { kind: 'locked', userId: row.user_id, until: reservation.lockedUntil };

  const reserved = await db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('method_id', '=', row.method_id)
    .where('code_hash', '=', row.code_hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', input.now)
    .where('attempts', '<', OTP_MAX_ATTEMPTS)
    .returning('attempts')
    .executeTakeFirst();
  if (!reserved) return { kind: 'not_found' };

  const given = Buffer.from(passcodeHash(key, row.method_id, input.code), 'hex');
  const stored = Buffer.from(row.code_hash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return { kind: 'wrong', userId: row.user_id, lockIfWrong: reservation.lockIfWrong };

  const used = await db
    .updateTable('otp_codes')
    .set({ used_at: input.now })
    .where('method_id', '=', row.method_id)
    .where('code_hash', '=', row.code_hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', input.now)
    .returningAll()
    .executeTakeFirst();
  return used ? { kind: 'ok', row: used } : { kind: 'not_found' };
}
