import type { Kysely, Migration } from 'kysely';

/**
 * webauthn_registrations.signs_in_alone: whether the credential signs a person in with nothing
 * else (a passkey: discoverable, and it verified its user), which is what counts as a way in
 * (registrations-store.ts passkeyWaysIn). A security key registered as a second factor (is_passkey
 * false, no user verification) only adds to a signed-in session: counted, it let the person remove
 * their only email and be locked out.
 *
 * Rows registered before are marked true: nothing recorded how they were registered (the ceremony's
 * challenge, which knew, is not tied to the row and is pruned within a day), and counting a
 * second-factor key as a way in, as before, only keeps a last address that could have gone, where
 * counting a passkey as none would refuse nothing that locks its owner out. The default serves the
 * existing rows only: every registration from now on says which it is.
 */
export const passkeySignInAlone: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('webauthn_registrations')
      .addColumn('signs_in_alone', 'boolean', (col) => col.notNull().defaultTo(true))
      .execute();
    await db.schema
      .alterTable('webauthn_registrations')
      .alterColumn('signs_in_alone', (col) => col.dropDefault())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('webauthn_registrations').dropColumn('signs_in_alone').execute();
  },
};
