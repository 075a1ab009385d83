import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What pruning (kernel/pruning.ts) needs: the shared schedule, one row per database, which the
 * instance that claims a run moves on, so several instances prune once per period between them;
 * and an index for each table a batch looks through by age, so that a batch reads its rows, not
 * the whole table (sessions, the largest, by when they expired or were revoked).
 */
export const pruning: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('prune_schedule')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('next_run_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
    await sql`create index sessions_revoked on sessions (revoked_at) where revoked_at is not null`.execute(db);
    await db.schema.createIndex('events_received').on('events').column('received_at').execute();
    await db.schema.createIndex('outbox_messages_created').on('outbox_messages').column('created_at').execute();
    await db.schema.createIndex('rate_limit_buckets_window').on('rate_limit_buckets').column('window_start').execute();
    await db.schema.createIndex('failure_counters_window').on('failure_counters').column('window_start').execute();
  },
  async down(db: Kysely<any>) {
    for (const index of [
      'failure_counters_window',
      'rate_limit_buckets_window',
      'outbox_messages_created',
      'events_received',
      'sessions_revoked',
      'sessions_expires',
    ]) {
      await db.schema.dropIndex(index).ifExists().execute();
    }
    await db.schema.dropTable('prune_schedule').ifExists().execute();
  },
};
