import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.js';
import { passcodeFailureScope, passwordFailureScope, userPasswordFailureScope } from '../failure-counters.js';

/**
 * Deletes a user and everything that is theirs, in the caller's transaction (the account page's
 * deletion, and an operator's); false when no user has this id. Every table that holds a user's
 * rows references users with ON DELETE CASCADE (emails, phone numbers, password, sessions,
 * one-time secrets, passkeys, social accounts, wallets, the identity provider's consents, grants
 * and tokens), so deleting the row deletes them; the change feed announces each session and the
 * user, so no instance serves them from memory once the caller has settled. The failure counters
 * of the user's passcodes and of its addresses' passwords name no user row, so they are deleted
 * here: an address freed for someone else to sign up with starts with no count against it.
 */
export async function deleteUser(trx: Kysely<Database>, userId: string): Promise<boolean> {
  // Removals of ways in lock this row too (ways-in.ts): none is half done meanwhile.
  const user = await trx.selectFrom('users').select('user_id').where('user_id', '=', userId).forUpdate().executeTakeFirst();
  if (!user) return false;
  const emails = await trx.selectFrom('user_emails').select('email').where('user_id', '=', userId).execute();
  const scopes = [passcodeFailureScope(userId), userPasswordFailureScope(userId), ...emails.map((row) => passwordFailureScope(row.email))];
  await trx.deleteFrom('failure_counters').where('scope', 'in', scopes).execute();
  await trx.deleteFrom('users').where('user_id', '=', userId).execute();
  return true;
}
