import { timingSafeEqual } from 'node:crypto';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { sha256Hex } from '../security/hash.js';
import { randomToken } from '../security/random-token.js';
import type { Database, OneTimeSecretRow } from '../storage/database.js';
import { KEEP_ENDED_MS, type PruneBatch } from './pruning.js';

/**
 * One-time secrets: what a sign-in method hands out once and takes back once. Two kinds:
 * - tokens (magic links, reset links, later OAuth state, WebAuthn challenges, authorization
 *   codes): 32 random bytes, possession is the proof, looked up by their SHA-256;
 * - codes (passcodes, wallet sign-in messages signed back): bound to a subject (the email or
 *   phone they went to, the wallet), one live per subject; a guessable one with a limited number
 *   of attempts.
 * Only hashes are stored. Every use is one conditional UPDATE … RETURNING, so of any number of
 * parallel uses (on any number of instances) exactly one wins.
 */
export interface IssueInput<Bound> {
  /** What the secret is for, e.g. 'magic_link', 'password_reset', 'passcode'. */
  purpose: string;
  userId: string | null;
  /** Data the secret carries to its use (an email_id, a redirect URL, a PKCE challenge, …). */
  bound: Bound;
  expirationMinutes: number;
  now: Date;
}

const expiry = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

export interface UsedSecret<Bound> {
  userId: string | null;
  bound: Bound;
}

const used = <Bound>(row: Pick<OneTimeSecretRow, 'user_id' | 'bound'>): UsedSecret<Bound> => ({ userId: row.user_id, bound: row.bound as Bound });

/** Makes a token and stores its hash; the caller sends the token (in a link) and forgets it. */
export async function issueToken<Bound>(db: Kysely<Database>, input: IssueInput<Bound>): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('one_time_secrets')
    .values({
      secret_hash: sha256Hex(token),
      purpose: input.purpose,
      subject: null,
      user_id: input.userId,
      bound: JSON.stringify(input.bound),
      max_attempts: null,
      created_at: input.now,
      expires_at: expiry(input.now, input.expirationMinutes),
    })
    .execute();
  return token;
}

/**
 * Uses a token exactly once; undefined when it is unknown, used, expired or for another purpose, or
 * when `spendable` (a condition on its row, such as who may spend it) does not hold: then it stays live.
 */
export async function consumeToken<Bound>(
  db: Kysely<Database>,
  purpose: string,
  token: string,
  now: Date,
  spendable?: Expression<SqlBool>,
): Promise<UsedSecret<Bound> | undefined> {
  let spend = db
    .updateTable('one_time_secrets')
    .set({ used_at: now })
    .where('secret_hash', '=', sha256Hex(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (spendable) spend = spend.where(spendable);
  const row = await spend.returning(['user_id', 'bound']).executeTakeFirst();
  return row ? used<Bound>(row) : undefined;
}

/** A live token's data without using it (to check a reset link before asking for a password). */
export async function peekToken<Bound>(db: Kysely<Database>, purpose: string, token: string, now: Date): Promise<UsedSecret<Bound> | undefined> {
  const row = await db
    .selectFrom('one_time_secrets')
    .select(['user_id', 'bound'])
    .where('secret_hash', '=', sha256Hex(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? used<Bound>(row) : undefined;
}

/**
 * Ends every unused secret of a user, of every purpose (magic links, passcodes, reset links, wallet
 * messages, authorization codes), in one conditional UPDATE: when every way in is ended
 * (kernel/sessions/revoke-everywhere.ts), a link sent before must not sign anyone in after. Expired
 * ones too: a use that read a secret as live a moment ago then waits for this statement's lock and
 * finds it used.
 */
export async function retireUserSecrets(db: Kysely<Database>, userId: string, now: Date, purpose?: string): Promise<void> {
  let retire = db.updateTable('one_time_secrets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null);
  // Only one purpose's (a feature ending what it handed out of its own).
  if (purpose) retire = retire.where('purpose', '=', purpose);
  await retire.execute();
}

/**
 * Ends every unused secret of a user that leads to one of its addresses or numbers (its passcodes,
 * subject `methodId`; its magic and reset links, bound to it as email_id), once that address or
 * number is removed: a link or code sent to it before must sign nobody in after.
 */
export async function retireMethodSecrets(db: Kysely<Database>, userId: string, methodId: string, now: Date): Promise<void> {
  await db
    .updateTable('one_time_secrets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where((eb) => eb.or([eb('subject', '=', methodId), eb(sql`bound->>'email_id'`, '=', methodId)]))
    .execute();
}

/**
 * Stores a code's hash (the caller keys it: see security/otp-hash.ts) as the one live code of its
 * subject, replacing (and so ending) the previous one. maxAttempts null: the code is not guessed at
 * (a message a wallet signs back), so it is never used by attemptCode, only by peekCode and spendCode.
 */
export async function issueCode<Bound>(
  db: Kysely<Database>,
  input: IssueInput<Bound> & { subject: string; codeHash: string; maxAttempts: number | null },
): Promise<void> {
  const values = {
    secret_hash: input.codeHash,
    user_id: input.userId,
    bound: JSON.stringify(input.bound),
    attempts: 0,
    max_attempts: input.maxAttempts,
    created_at: input.now,
    expires_at: expiry(input.now, input.expirationMinutes),
    used_at: null,
  };
  await db
    .insertInto('one_time_secrets')
    .values({ purpose: input.purpose, subject: input.subject, ...values })
    .onConflict((oc) => oc.columns(['purpose', 'subject']).where('subject', 'is not', null).doUpdateSet(values))
    .execute();
}

/**
 * Whose code a subject has (live or not), without spending an attempt: a caller checks that user's
 * lock before any guess, so a locked user hears 'locked' whatever the state of the code.
 */
export async function codeOwner(db: Kysely<Database>, purpose: string, subject: string): Promise<{ userId: string | null } | undefined> {
  const row = await db.selectFrom('one_time_secrets').select('user_id').where('purpose', '=', purpose).where('subject', '=', subject).executeTakeFirst();
  return row ? { userId: row.user_id } : undefined;
}

/** 'wrong' says whether that guess used the code's last attempt (the code is dead from then on). */
export type CodeAttempt<Bound> = { kind: 'dead' } | { kind: 'wrong'; lastAttempt: boolean } | ({ kind: 'right' } & UsedSecret<Bound>);

/**
 * One guess at a subject's code. The attempt is reserved first (attempts < max_attempts, in one
 * UPDATE), so parallel guesses are all counted and none gets past the limit; a right guess then
 * uses the code once. 'dead': no live code, or its attempts are used up.
 */
export async function attemptCode<Bound>(db: Kysely<Database>, purpose: string, subject: string, givenHash: string, now: Date): Promise<CodeAttempt<Bound>> {
  const reserved = await db
    .updateTable('one_time_secrets')
    .set({ attempts: sql`attempts + 1` })
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where(sql<boolean>`attempts < max_attempts`)
    .returning(['secret_hash', 'attempts', 'max_attempts'])
    .executeTakeFirst();
  if (!reserved) return { kind: 'dead' };
  const given = Buffer.from(givenHash, 'hex');
  const stored = Buffer.from(reserved.secret_hash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    return { kind: 'wrong', lastAttempt: reserved.max_attempts !== null && reserved.attempts >= reserved.max_attempts };
  }
  const right = await spendCode<Bound>(db, purpose, subject, reserved.secret_hash, now);
  return right ? { kind: 'right', ...right } : { kind: 'dead' };
}

/**
 * A subject's live code (unused, unexpired) and its hash, without using it: for a secret whose
 * proof is checked by other means than a guess (a wallet's signature of the message it was
 * handed). Check the proof, then spendCode with the hash read here.
 */
export async function peekCode<Bound>(
  db: Kysely<Database>,
  purpose: string,
  subject: string,
  now: Date,
): Promise<(UsedSecret<Bound> & { secretHash: string }) | undefined> {
  const row = await db
    .selectFrom('one_time_secrets')
    .select(['user_id', 'bound', 'secret_hash'])
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { ...used<Bound>(row), secretHash: row.secret_hash } : undefined;
}

/**
 * Uses a subject's code once, if it is still the one peeked (same hash: not replaced since) and
 * still live: one conditional UPDATE, so of parallel uses exactly one wins.
 */
export async function spendCode<Bound>(
  db: Kysely<Database>,
  purpose: string,
  subject: string,
  secretHash: string,
  now: Date,
): Promise<UsedSecret<Bound> | undefined> {
  const row = await db
    .updateTable('one_time_secrets')
    .set({ used_at: now })
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .where('secret_hash', '=', secretHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'bound'])
    .executeTakeFirst();
  return row ? used<Bound>(row) : undefined;
}

/**
 * One batch (kernel/pruning.ts) of secrets of every purpose (links, passcodes, OAuth state, one-tap
 * nonces, WebAuthn challenges, wallet messages, authorization codes) that expired more than a day
 * before `now`; a used secret expires minutes after it was issued, so it goes too.
 */
export const pruneOneTimeSecrets: PruneBatch = async (db, now, limit) => {
  const ended = db
    .selectFrom('one_time_secrets')
    .select('secret_id')
    .where('expires_at', '<', new Date(now.getTime() - KEEP_ENDED_MS))
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const result = await db.deleteFrom('one_time_secrets').where('secret_id', 'in', ended).executeTakeFirst();
  return Number(result.numDeletedRows);
};
