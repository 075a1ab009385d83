import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.js';
import { foundation } from './migrations/0001-foundation.js';
import { otps } from './migrations/0002-otps.js';
import { passwords } from './migrations/0003-passwords.js';
import { abuseLimits } from './migrations/0004-abuse-limits.js';
import { oneTimeSecrets } from './migrations/0005-one-time-secrets.js';
import { keyring } from './migrations/0006-keyring.js';
import { passkeys } from './migrations/0007-passkeys.js';
import { oauth } from './migrations/0008-oauth.js';
import { cryptoWallets } from './migrations/0009-crypto.js';
import { idp } from './migrations/0010-idp.js';
import { changeFeed } from './migrations/0011-change-feed.js';
import { idpGrants } from './migrations/0012-idp-grants.js';
import { emailForms } from './migrations/0013-email-forms.js';

/** Every migration, in order. Names sort lexically; never rename one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-otps': otps,
  '0003-passwords': passwords,
  '0004-abuse-limits': abuseLimits,
  '0005-one-time-secrets': oneTimeSecrets,
  '0006-keyring': keyring,
  '0007-passkeys': passkeys,
  '0008-oauth': oauth,
  '0009-crypto': cryptoWallets,
  '0010-idp': idp,
  '0011-change-feed': changeFeed,
  '0012-idp-grants': idpGrants,
  '0013-email-forms': emailForms,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Applies pending migrations. Kysely's Migrator runs them in a transaction holding a PostgreSQL
 * advisory lock, so several instances starting at once on one database apply each exactly once.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider, migrationTableName: 'vestibule_migrations', migrationLockTableName: 'vestibule_migrations_lock' });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? String(error)}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
