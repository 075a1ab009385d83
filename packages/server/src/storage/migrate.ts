import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.js';
import { foundation } from './migrations/0001-foundation.js';
import { otps } from './migrations/0002-otps.js';
import { passwords } from './migrations/0003-passwords.js';
import { abuseLimits } from './migrations/0004-abuse-limits.js';
import { oneTimeSecrets } from './migrations/0005-one-time-secrets.js';
import { keyring } from './migrations/0006-keyring.js';
import { changeFeed } from './migrations/0011-change-feed.js';
import { emailForms } from './migrations/0013-email-forms.js';
import { account } from './migrations/0014-account.js';
import { waysInEnded } from './migrations/0017-ways-in-ended.js';
import { operators } from './migrations/0019-operators.js';
import { pruning } from './migrations/0025-pruning.js';

/**
 * The kernel's migrations (its tables and those of several features). A feature's own tables come
 * with its migrations (Feature.migrations); allMigrations puts the two together. Kysely runs them in
 * the order of their names, which existing databases have recorded: never rename one that has
 * shipped, and name a new one after the last, wherever it lives.
 */
export const kernelMigrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-otps': otps,
  '0003-passwords': passwords,
  '0004-abuse-limits': abuseLimits,
  '0005-one-time-secrets': oneTimeSecrets,
  '0006-keyring': keyring,
  '0011-change-feed': changeFeed,
  '0013-email-forms': emailForms,
  '0014-account': account,
  '0017-ways-in-ended': waysInEnded,
  '0019-operators': operators,
  '0025-pruning': pruning,
};

/** The kernel's migrations and the features', by name in the order they run; a name given twice is a mistake, refused. */
export function allMigrations(featureMigrations: ReadonlyArray<Readonly<Record<string, Migration>>>): Record<string, Migration> {
  const all: Record<string, Migration> = { ...kernelMigrations };
  for (const migrations of featureMigrations) {
    for (const [name, migration] of Object.entries(migrations)) {
      if (name in all) throw new Error(`Two migrations are named ${name}.`);
      all[name] = migration;
    }
  }
  return Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((name) => [name, all[name]!]),
  );
}

/** Where Kysely records each migration run, by name. */
const MIGRATION_TABLE = 'vestibule_migrations';

/**
 * Applies pending migrations (allMigrations: the kernel's and every feature's, whether the
 * configuration turns the feature on or not, so that the schema is the same for every deployment).
 * Kysely's Migrator runs them in a transaction holding a PostgreSQL advisory lock, so several
 * instances starting at once on one database apply each exactly once.
 */
export async function migrateToLatest(db: Kysely<Database>, migrations: Record<string, Migration>): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const migrator = new Migrator({ db, provider, migrationTableName: MIGRATION_TABLE, migrationLockTableName: 'vestibule_migrations_lock' });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? String(error)}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** PostgreSQL's undefined_table: a database no migration ever ran on. */
const UNDEFINED_TABLE = '42P01';

/**
 * The names of `migrations` the database has not recorded as run (a database restored from before
 * them, or never migrated): one read of the record, cheap enough for every readiness probe.
 */
export async function missingMigrations(db: Kysely<Database>, migrations: Record<string, Migration>): Promise<string[]> {
  let recorded: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db);
    recorded = new Set(rows.map((row) => row.name));
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNDEFINED_TABLE) throw error;
    recorded = new Set();
  }
  return Object.keys(migrations).filter((name) => !recorded.has(name));
}
