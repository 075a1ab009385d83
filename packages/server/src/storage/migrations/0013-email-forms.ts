import { sql, type Kysely, type Migration } from 'kysely';
import { emailOrNull } from '../../kernel/email-address.js';

/**
 * Stored addresses in the one form they are now compared in (issue 38, kernel/email-address.ts:
 * lower case, the domain in ASCII, the part before @ ASCII only). Before, 'a@x.com' and 'a@ｘ.com'
 * were two users, and 'a@bücher.de' and 'a@xn--bcher-kva.de' two.
 *
 * Only addresses with a character outside ASCII can change (an ASCII address was stored
 * lower-cased, which is its form already). When several rows come to one form, one row takes it:
 * one already in that form, else a proven one, else the oldest. The others keep their old
 * spelling, which no sign-in by email reaches any more (every lookup normalises first); their
 * users keep every other way in (passkeys, wallets, social accounts, phone numbers), and nothing
 * is merged or deleted: two accounts may belong to two people, and which one an address's owner
 * meant is for an operator to decide. Such rows are those whose address is not in its form. An
 * address the new rules refuse (a part before @ that is not ASCII, an invisible character) is left
 * as it is, unreachable likewise.
 */
export const emailForms: Migration = {
  async up(db: Kysely<any>) {
    const candidates: Array<{ email_id: string; email: string; verified: boolean; created_at: Date }> = await db
      .selectFrom('user_emails')
      .select(['email_id', 'email', 'verified', 'created_at'])
      .where(sql<boolean>`email ~ '[^\\x01-\\x7F]'`)
      .orderBy('created_at')
      .orderBy('email_id')
      .execute();
    const byForm = new Map<string, typeof candidates>();
    for (const row of candidates) {
      const form = emailOrNull(row.email);
      if (form && form !== row.email) byForm.set(form, [...(byForm.get(form) ?? []), row]);
    }
    for (const [form, rows] of byForm) {
      const taken = await db.selectFrom('user_emails').select('email_id').where('email', '=', form).executeTakeFirst();
      if (taken) continue;
      // Oldest first already; a proven address before an unproven one.
      const keeper = rows.find((row) => row.verified) ?? rows[0]!;
      await db.updateTable('user_emails').set({ email: form }).where('email_id', '=', keeper.email_id).execute();
    }
  },
  async down() {
    // The old spellings are not kept: normalised addresses stay normalised.
  },
};
