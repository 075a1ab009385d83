import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A new set of recovery codes replacing the old one is an event (two_step.recovery_codes_replaced),
 * written like every other change to a user (migration 0019-operators: vestibule_record_change, in
 * the change's own transaction). One per replacement, not one per code: the trigger is on the
 * user's key, whose recovery_code_sets counts the sets issued for it (1 when it is turned on, one
 * more at each replacement, recovery-codes-store.ts), and fires when a set follows another. The
 * first set, issued as the key is turned on, is two_step.enabled's.
 */
export const recoveryCodesEvent: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('totp_keys')
      .addColumn('recovery_code_sets', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    // A key already on has had its first set.
    await db.updateTable('totp_keys').set({ recovery_code_sets: 1 }).where('enabled_at', 'is not', null).execute();
    await sql`
      create trigger totp_keys_recovery_codes_replaced_event after update on totp_keys for each row
      when (old.recovery_code_sets > 0 and new.recovery_code_sets > old.recovery_code_sets)
      execute function vestibule_record_change('two_step.recovery_codes_replaced', 'totp_id')`.execute(db);
  },
  async down(db: Kysely<any>) {
    await sql`drop trigger if exists totp_keys_recovery_codes_replaced_event on totp_keys`.execute(db);
    await db.schema.alterTable('totp_keys').dropColumn('recovery_code_sets').execute();
  },
};
