import { type Kysely, type RawBuilder, sql } from 'kysely';
import { pkceChallenge } from '../security/pkce.js';
import type { Database } from '../storage/database.js';
import { consumeToken, issueToken, peekToken } from './one-time-secrets.js';

/**
 * Emailed sign-in links (magic links, and the passwordless link in a reset email): one-time tokens
 * bound to the email they went to and whether they sign up or log in. A link asked for by a browser
 * that keeps a PKCE verifier is bound to it as well: mail filters open every link (some run its
 * script), so such a link is spent only by that browser, or elsewhere by a person who says so.
 */
interface SignInLink {
  email_id: string;
  kind: 'login' | 'signup';
  /** S256 challenge of the verifier the asking browser keeps; absent for a link asked for without one. */
  code_challenge?: string;
}

const PURPOSE = 'magic_link';

export async function issueMagicLinkToken(
  db: Kysely<Database>,
  input: { userId: string; emailId: string; kind: SignInLink['kind']; codeChallenge?: string; expirationMinutes: number; now: Date },
): Promise<string> {
  const bound: SignInLink = { email_id: input.emailId, kind: input.kind };
  if (input.codeChallenge) bound.code_challenge = input.codeChallenge;
  return issueToken<SignInLink>(db, { purpose: PURPOSE, userId: input.userId, bound, expirationMinutes: input.expirationMinutes, now: input.now });
}

/**
 * Who opens a link: the browser that asked for it (its verifier), a person who confirmed on another
 * ('Continue as …'), or the server itself ending a link that was never sent.
 */
export type LinkOpener = { codeVerifier?: string } | 'confirmed';

/**
 * Uses a link's token exactly once (see consumeToken). A bound link opened without its verifier is
 * left live and answers 'unconfirmed', so that the person who clicked it can still confirm.
 */
export async function consumeMagicLinkToken(db: Kysely<Database>, token: string, now: Date, opener: LinkOpener) {
  const challenge = sql<string | null>`bound->>'code_challenge'`;
  // An unbound link (asked for without a verifier) is spent by whoever opens it, as links always were.
  let spendable: RawBuilder<boolean> | undefined;
  if (opener !== 'confirmed')
    spendable = opener.codeVerifier ? sql`(${challenge} is null or ${challenge} = ${pkceChallenge(opener.codeVerifier)})` : sql`${challenge} is null`;
  const used = await consumeToken<SignInLink>(db, PURPOSE, token, now, spendable);
  if (used) return { user_id: used.userId!, email_id: used.bound.email_id, kind: used.bound.kind };
  return (await peekToken(db, PURPOSE, token, now)) ? ('unconfirmed' as const) : undefined;
}

/** A live link's email id, without using it (for the 'Continue as …' of a link opened elsewhere). */
export async function peekMagicLinkToken(db: Kysely<Database>, token: string, now: Date): Promise<string | undefined> {
  return (await peekToken<SignInLink>(db, PURPOSE, token, now))?.bound.email_id;
}
