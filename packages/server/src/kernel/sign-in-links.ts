import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.js';
import { consumeToken, issueToken } from './one-time-secrets.js';

/**
 * Emailed sign-in links (magic links, and the passwordless link in a reset email): one-time tokens
 * bound to the email they went to and whether they sign up or log in.
 */
interface SignInLink {
  email_id: string;
  kind: 'login' | 'signup';
}

const PURPOSE = 'magic_link';

export async function issueMagicLinkToken(
  db: Kysely<Database>,
  input: { userId: string; emailId: string; kind: SignInLink['kind']; expirationMinutes: number; now: Date },
): Promise<string> {
  return issueToken<SignInLink>(db, {
    purpose: PURPOSE,
    userId: input.userId,
    bound: { email_id: input.emailId, kind: input.kind },
    expirationMinutes: input.expirationMinutes,
    now: input.now,
  });
}

/** Uses a link's token exactly once (see consumeToken). */
export async function consumeMagicLinkToken(db: Kysely<Database>, token: string, now: Date) {
  const used = await consumeToken<SignInLink>(db, PURPOSE, token, now);
  return used ? { user_id: used.userId!, email_id: used.bound.email_id, kind: used.bound.kind } : undefined;
}
