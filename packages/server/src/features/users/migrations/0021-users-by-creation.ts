import type { Kysely, Migration } from 'kysely';

/**
 * The management API lists users newest first, a page at a time after a cursor (created_at, then
 * user_id): this index reads a page without sorting every user.
 */
export const usersByCreation: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('users_by_creation').on('users').columns(['created_at', 'user_id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('users_by_creation').ifExists().execute();
  },
};
