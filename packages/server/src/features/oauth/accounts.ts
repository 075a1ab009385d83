import type { Kysely } from 'kysely';
import type { OAuthProviderType } from '@vestibule/contract';
import { emailOrNull } from '../../kernel/email-address.js';
import type { RevokeDeps } from '../../kernel/sessions/revoke-everywhere.js';
import { createUser, createUserWithEmail, proveEmail } from '../../kernel/users.js';
import type { Database } from '../../storage/database.js';
import type { OAuthProfile } from './profile.js';

/**
 * Which user a provider account signs in as. The provider's subject first; else, only when the
 * provider vouches for the address, the user who has it (the address is then proven, which also
 * ends any account pre-hijacking); else a new user. An address the provider does not vouch for is
 * never used: joining an existing user would give whoever typed someone else's address at a
 * provider that person's account, and recording it on a new user would let them wait for the
 * owner to prove it later, then come back through the provider into the owner's account.
 */
export async function userForProfile(
  deps: RevokeDeps,
  provider: OAuthProviderType,
  profile: OAuthProfile,
  now: Date,
): Promise<{ userId: string; created: boolean }> {
  const { db } = deps;
  const linked = await linkedUser(db, provider, profile.subject);
  if (linked) return { userId: linked, created: false };
  const account = await accountFor(deps, profile, now);
  // Two callbacks of the same new account at once: the first link wins and both sign in as its user.
  await db
    .insertInto('oauth_accounts')
    .values({ provider, subject: profile.subject, user_id: account.userId, created_at: now })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .execute();
  const owner = (await linkedUser(db, provider, profile.subject))!;
  return { userId: owner, created: account.created && owner === account.userId };
}

async function linkedUser(db: Kysely<Database>, provider: OAuthProviderType, subject: string): Promise<string | undefined> {
  const row = await db.selectFrom('oauth_accounts').select('user_id').where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
  return row?.user_id;
}

async function accountFor(deps: RevokeDeps, profile: OAuthProfile, now: Date): Promise<{ userId: string; created: boolean }> {
  const { db } = deps;
  // The provider's address in our form; one we would refuse from a person counts as none.
  const email = profile.email ? emailOrNull(profile.email) : null;
  if (!email || !profile.emailVerified) return { userId: await createUser(db, now), created: true };
  const account = await createUserWithEmail(db, email, 'active', now);
  await proveEmail(deps, account.userId, account.emailId, now);
  return { userId: account.userId, created: account.created };
}
