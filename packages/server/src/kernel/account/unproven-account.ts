import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.js';
import { ApiError } from '../api-error.js';

/**
 * Keeps the account page from undoing the defence against account pre-hijacking (kernel/users.ts
 * proveEmail). Anyone can sign up with a password for an address they do not own; when its owner
 * first proves the address, that password is removed and every way in the account had is ended
 * (sessions, passkeys, wallets). Whoever planted the password holds a session until then: were they
 * to add an address or number of their own, connect a social account, or remove the password (so
 * that the proof finds nothing planted and ends nothing), they would keep a way into the owner's
 * account. So while the user's password was set with no email proven and an email of theirs is
 * unproven, the page adds no way in and removes no password: the person proves their email first
 * (the page sends a passcode to it; whoever holds the session and proves the address is its owner,
 * so that proof keeps their password: kernel/users.ts proveEmailInSession). 400 unverified_email.
 */
export async function requireNoUnprovenPassword(db: Kysely<Database>, userId: string): Promise<void> {
  const unproven = await db
    .selectFrom('user_passwords')
    .select('user_passwords.user_id')
    .where('user_passwords.user_id', '=', userId)
    .where('user_passwords.set_with_proof', '=', false)
    .where((eb) =>
      eb.exists(eb.selectFrom('user_emails').select('email_id').where('user_emails.user_id', '=', userId).where('user_emails.verified', '=', false)),
    )
    .executeTakeFirst();
  if (unproven) throw new ApiError('unverified_email');
}
