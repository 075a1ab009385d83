import type { Kysely } from 'kysely';
import type { OAuthProviderType } from '@vestibule/contract';
import type { WaysInCounter } from '../../kernel/account/ways-in.js';
import { emailOrNull } from '../../kernel/email-address.js';
import type { RevokeDeps, UserRevoker } from '../../kernel/sessions/revoke-everywhere.js';
import { createUser, createUserWithEmail, proveEmail } from '../../kernel/users.js';
import type { Database } from '../../storage/database.js';
import type { OAuthProfile } from './profile.js';

/**
 * The address a provider account shows on the account page: the profile's, verified or not, in our
 * form (one we would refuse from a person counts as none). A display value only, recorded on the
 * account row: nothing finds a user by it or adds it to one.
 */
export const shownEmail = (profile: OAuthProfile): string | null => (profile.email ? emailOrNull(profile.email) : null);

/**
 * Which user a provider account signs in as. The provider's subject first; else, only when the
 * provider vouches for the address, the user who has it (the address is then proven, which also
 * ends any account pre-hijacking); else a new user. An address the provider does not vouch for is
 * never used: joining an existing user would give whoever typed someone else's address at a
 * provider that person's account, and recording it on a new user would let them wait for the
 * owner to prove it later, then come back through the provider into the owner's account. Every
 * sign-in records the provider's address on the account (shownEmail), which is no such use.
 */
export async function userForProfile(
  deps: RevokeDeps,
  provider: OAuthProviderType,
  profile: OAuthProfile,
  now: Date,
): Promise<{ userId: string; created: boolean }> {
  const { db } = deps;
  const email = shownEmail(profile);
  const linked = await signedInAccount(db, provider, profile.subject, email);
  if (linked) return { userId: linked, created: false };
  const account = await accountFor(deps, profile, now);
  // Two callbacks of the same new account at once: the first link wins and both sign in as its user.
  await db
    .insertInto('oauth_accounts')
    .values({ provider, subject: profile.subject, user_id: account.userId, email, created_at: now })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .execute();
  const owner = (await signedInAccount(db, provider, profile.subject, email))!;
  return { userId: owner, created: account.created && owner === account.userId };
}

/**
 * The user a known provider account signs in as, its address brought up to date; undefined for an
 * account not seen before. Written only when it changed: every write tells every instance that the
 * user changed (the change feed), which drops the user each holds in memory.
 */
async function signedInAccount(db: Kysely<Database>, provider: OAuthProviderType, subject: string, email: string | null): Promise<string | undefined> {
  const row = await db
    .selectFrom('oauth_accounts')
    .select(['user_id', 'email'])
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  if (row && row.email !== email)
    await db.updateTable('oauth_accounts').set({ email }).where('provider', '=', provider).where('subject', '=', subject).execute();
  return row?.user_id;
}

async function accountFor(deps: RevokeDeps, profile: OAuthProfile, now: Date): Promise<{ userId: string; created: boolean }> {
  const { db } = deps;
  const email = shownEmail(profile);
  if (!email || !profile.emailVerified) return { userId: await createUser(db, now), created: true };
  const account = await createUserWithEmail(db, email, 'active', now);
  await proveEmail(deps, account.userId, account.emailId, now);
  return { userId: account.userId, created: account.created };
}

/**
 * Connects a provider account to `userId` (a link flow, with that user's session), its address
 * recorded. One statement: a new account is inserted; one already this user's gets its address
 * brought up to date (connecting again is no error); one of another user is left as it is.
 * False in that last case.
 */
export async function linkAccount(
  db: Kysely<Database>,
  input: { userId: string; provider: OAuthProviderType; subject: string; email: string | null; now: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('oauth_accounts')
    .values({ provider: input.provider, subject: input.subject, user_id: input.userId, email: input.email, created_at: input.now })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doUpdateSet({ email: input.email }).where('oauth_accounts.user_id', '=', input.userId))
    .returning('user_id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Disconnects one of the user's provider accounts; false when the user has no such account. */
export async function unlinkAccount(db: Kysely<Database>, input: { userId: string; provider: OAuthProviderType; subject: string }): Promise<boolean> {
  const row = await db
    .deleteFrom('oauth_accounts')
    .where('user_id', '=', input.userId)
    .where('provider', '=', input.provider)
    .where('subject', '=', input.subject)
    .returning('user_id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Feature.waysIn: each connected account signs in on its own. */
export const oauthWaysIn: WaysInCounter = async (db, userId) => {
  const row = await db
    .selectFrom('oauth_accounts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/**
 * Feature.revokeUser: every provider account connected to the user is disconnected when every way
 * in is ended (a password reset, the first proof of an email that removes a planted password).
 * Whoever held the account before may have connected their own from the account page, and a
 * connected account signs in as its user with no session at all; nothing in the row tells it from
 * the owner's, so none is kept. The owner's own comes back at its next sign-in when its provider
 * vouches for the user's address, and is connected again from the account page otherwise.
 */
export const unlinkUserAccounts: UserRevoker = async (db, userId) => {
  await db.deleteFrom('oauth_accounts').where('user_id', '=', userId).execute();
};
