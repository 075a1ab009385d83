import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@vestibule/contract';
import type { Kysely } from 'kysely';
import { passcodeHash } from '../../security/otp-hash.js';
import { newId } from '../../security/random-token.js';
import type { Database } from '../../storage/database.js';

/** Letters and digits that cannot be misread for one another (no i, l, o, 0, 1): 31 symbols, 8 of them ≈ 40 bits a code. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** What a person types, as stored: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Keyed with the server's passcode key and the user: a copy of the table reveals no code, and one user's hash says nothing of another's. */
const codeHash = (key: Buffer, userId: string, code: string) => passcodeHash(key, `recovery:${userId}`, normalizeRecoveryCode(code));

/**
 * Ten new codes for the user, replacing every old one; the codes are returned this once. The user's
 * key counts the set, which records two_step.recovery_codes_replaced when it follows another
 * (migration 0023-recovery-codes-event): the first comes with the key turned on.
 */
export async function replaceRecoveryCodes(db: Kysely<Database>, key: Buffer, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(
      codes.map((code) => ({
        recovery_code_id: newId('recovery-code'),
        user_id: userId,
        code_hash: codeHash(key, userId, code),
        created_at: now,
        used_at: null,
      })),
    )
    .execute();
  await db
    .updateTable('totp_keys')
    .set((eb) => ({ recovery_code_sets: eb('recovery_code_sets', '+', 1) }))
    .where('user_id', '=', userId)
    .execute();
  return codes;
}

/** Uses one of the user's codes: one conditional UPDATE, so of parallel uses of one code exactly one wins. */
export async function useRecoveryCode(db: Kysely<Database>, key: Buffer, userId: string, code: string, now: Date): Promise<boolean> {
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash(key, userId, code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows > 0n;
}

/** How many unused codes the user has. */
export async function recoveryCodesRemaining(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
