import type { Kysely, Migration } from 'kysely';

/**
 * users.ways_in_ended_at: when every way in of the user was last ended (a password reset, or the
 * first proof of an address that removed a planted password: kernel/sessions/revoke-everywhere.ts).
 * A sign-in that began proving who it is before then (a password read before the reset, a first
 * step held for its second) makes no session after it (kernel/sessions/complete-sign-in.ts).
 */
export const waysInEnded: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('ways_in_ended_at', 'timestamptz').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('users').dropColumn('ways_in_ended_at').execute();
  },
};
