import type { Kysely } from 'kysely';
import { consumeToken, issueToken, peekToken } from '../../kernel/one-time-secrets.js';
import type { Database } from '../../storage/database.js';

/** Password-reset links: one-time tokens bound to the email they went to. */
const PURPOSE = 'password_reset';

interface ResetLink {
  email_id: string;
}

const row = (used: { userId: string | null; bound: ResetLink } | undefined) => (used ? { user_id: used.userId!, email_id: used.bound.email_id } : undefined);

export async function issueResetToken(db: Kysely<Database>, input: { userId: string; emailId: string; expirationMinutes: number; now: Date }): Promise<string> {
  return issueToken<ResetLink>(db, {
    purpose: PURPOSE,
    userId: input.userId,
    bound: { email_id: input.emailId },
    expirationMinutes: input.expirationMinutes,
    now: input.now,
  });
}

/** The live token's user and the email it went to (id and address), without using it; or undefined. */
export async function findLiveResetToken(db: Kysely<Database>, token: string, now: Date) {
  const live = row(await peekToken<ResetLink>(db, PURPOSE, token, now));
  if (!live) return undefined;
  const { email } = await db.selectFrom('user_emails').select('email').where('email_id', '=', live.email_id).executeTakeFirstOrThrow();
  return { ...live, email };
}

/** Uses a token exactly once. */
export async function consumeResetToken(db: Kysely<Database>, token: string, now: Date) {
  return row(await consumeToken<ResetLink>(db, PURPOSE, token, now));
}
