import type { Kysely } from 'kysely';
import { sha256Hex } from '../security/hash.js';
import { randomToken } from '../security/random-token.js';
import type { Database } from '../storage/database.js';

/** Makes a single-use token (32 random bytes, base64url); only its SHA-256 hash is stored. */
export async function issueMagicLinkToken(
  db: Kysely<Database>,
  input: { userId: string; emailId: string; kind: 'login' | 'signup'; expirationMinutes: number; now: Date },
): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('magic_link_tokens')
    .values({
      token_hash: sha256Hex(token),
      user_id: input.userId,
      email_id: input.emailId,
      kind: input.kind,
      created_at: input.now,
      expires_at: new Date(input.now.getTime() + input.expirationMinutes * 60_000),
    })
    .execute();
  return token;
}

/**
 * Uses a token exactly once: one atomic UPDATE … WHERE used_at IS NULL AND expires_at > now
 * RETURNING, so of two concurrent calls (even on two instances) only one succeeds.
 */
export async function consumeMagicLinkToken(db: Kysely<Database>, token: string, now: Date) {
  return db
    .updateTable('magic_link_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256Hex(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'email_id', 'kind'])
    .executeTakeFirst();
}
