import type { Kysely } from 'kysely';
import { passcodeFailureScope, passwordFailureScope, userPasswordFailureScope } from '../../kernel/failure-counters.js';
import type { Database } from '../../storage/database.js';

/**
 * Deletes a user and everything that is theirs, in one transaction. Every table that holds a user's
 * rows references users with ON DELETE CASCADE (emails, phone numbers, password, sessions, one-time
 * secrets, passkeys, social accounts, wallets, the identity provider's consents, grants and tokens),
 * so deleting the row deletes them; the change feed announces each session and the user, so no
 * instance serves them from memory once the caller has settled. The failure counters of the user's
 * passcodes and of its addresses' passwords name no user row, so they are deleted here: an address
 * freed for someone else to sign up with starts with no count against it.
 */
export async function deleteAccount(db: Kysely<Database>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Removals of ways in lock this row too (kernel/account/ways-in.ts): none is half done meanwhile.
    await trx.selectFrom('users').select('user_id').where('user_id', '=', userId).forUpdate().executeTakeFirst();
    const emails = await trx.selectFrom('user_emails').select('email').where('user_id', '=', userId).execute();
    const scopes = [passcodeFailureScope(userId), userPasswordFailureScope(userId), ...emails.map((row) => passwordFailureScope(row.email))];
    await trx.deleteFrom('failure_counters').where('scope', 'in', scopes).execute();
    await trx.deleteFrom('users').where('user_id', '=', userId).execute();
  });
}
