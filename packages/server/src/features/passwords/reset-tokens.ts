import type { Kysely } from 'kysely';
import { sha256Hex } from '../../security/hash.js';
import { randomToken } from '../../security/random-token.js';
import type { Database } from '../../storage/database.js';

/** Makes a single-use reset token (32 random bytes, base64url); only its SHA-256 hash is stored. */
export async function issueResetToken(db: Kysely<Database>, input: { userId: string; emailId: string; expirationMinutes: number; now: Date }): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: sha256Hex(token),
      user_id: input.userId,
      email_id: input.emailId,
      created_at: input.now,
      expires_at: new Date(input.now.getTime() + input.expirationMinutes * 60_000),
    })
    .execute();
  return token;
}

/** The live (unused, unexpired) token's row without using it, or undefined. */
export async function findLiveResetToken(db: Kysely<Database>, token: string, now: Date) {
  return db
    .selectFrom('password_reset_tokens')
    .select(['user_id', 'email_id'])
    .where('token_hash', '=', sha256Hex(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses a token exactly once (atomic UPDATE … WHERE used_at IS NULL … RETURNING). */
export async function consumeResetToken(db: Kysely<Database>, token: string, now: Date) {
  return db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256Hex(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'email_id'])
    .executeTakeFirst();
}

/** Ends every other outstanding reset link of the user (after a successful reset). */
export async function retireResetTokens(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  await db.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
