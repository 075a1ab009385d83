import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.js';
import { emailOrNull, normalizeEmail } from '../email-address.js';

/**
 * Who operates the project: the people whose verified email is among the configuration's
 * adminEmails (VESTIBULE_ADMIN_EMAILS) or in the operators table (`vestibule-server admins add`).
 * A verified address only: anyone can sign up with a password and an unproven address.
 * Returns the operator's address, or null for everyone else.
 */
export async function operatorEmail(db: Kysely<Database>, adminEmails: readonly string[], userId: string): Promise<string | null> {
  const configured = adminEmails.flatMap((email) => emailOrNull(email) ?? []);
  const row = await db
    .selectFrom('user_emails')
    .select('user_emails.email')
    .where('user_emails.user_id', '=', userId)
    .where('user_emails.verified', '=', true)
    .where((eb) =>
      eb.or([
        ...(configured.length > 0 ? [eb('user_emails.email', 'in', configured)] : []),
        eb.exists(eb.selectFrom('operators').select('operators.email').whereRef('operators.email', '=', 'user_emails.email')),
      ]),
    )
    .orderBy('user_emails.email')
    .executeTakeFirst();
  return row?.email ?? null;
}

/** Adds an operator by email; adding one twice is no change. Returns the address as stored (normalised), which is the one to report. */
export async function addOperator(db: Kysely<Database>, email: string, now: Date): Promise<string> {
  const stored = normalizeEmail(email);
  await db
    .insertInto('operators')
    .values({ email: stored, created_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return stored;
}

/** Removes an operator added by command: the address as it was stored, or null when there was none (the configuration's stay). */
export async function removeOperator(db: Kysely<Database>, email: string): Promise<string | null> {
  const stored = normalizeEmail(email);
  const result = await db.deleteFrom('operators').where('email', '=', stored).executeTakeFirst();
  return result.numDeletedRows > 0n ? stored : null;
}

export function listOperators(db: Kysely<Database>): Promise<Array<{ email: string; created_at: Date }>> {
  return db.selectFrom('operators').select(['email', 'created_at']).orderBy('email').execute();
}
