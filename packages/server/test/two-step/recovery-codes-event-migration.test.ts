import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/features/index.js';
import { replaceRecoveryCodes } from '../../src/features/two-step/recovery-codes-store.js';
import { createDatabase } from '../../src/storage/create-database.js';
import type { Database } from '../../src/storage/database.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { tempDir } from '../helpers/test-config.js';

/**
 * Migration 0023 on a database with two-step verification in use: a key already on has had its
 * first set of recovery codes, so its next set is a replacement (an event), while a key not yet on
 * gets its first set when it is turned on (none).
 */
let db: Kysely<Database>;
beforeAll(async () => {
  ({ db } = await createDatabase({ databaseUrl: null, dataDir: tempDir() }));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'vestibule_migrations',
    migrationLockTableName: 'vestibule_migrations_lock',
  });
  const { error } = await migrator.migrateTo('0022-idp-clients');
  if (error) throw error;
});
afterAll(() => db.destroy());

const KEY = Buffer.alloc(32, 1);
const replaced = async (userId: string) =>
  (await db.selectFrom('audit_events').select('type').where('user_id', '=', userId).where('type', '=', 'two_step.recovery_codes_replaced').execute()).length;

describe('migration 0023-recovery-codes-event', () => {
  it('counts the set of a key already on, and not of one still pending', async () => {
    const now = new Date();
    for (const [userId, enabledAt] of [
      ['user-on', now],
      ['user-pending', null],
    ] as const) {
      await db.insertInto('users').values({ user_id: userId, status: 'active', created_at: now }).execute();
      await db
        .insertInto('totp_keys')
        .values({ totp_id: `totp-${userId}`, user_id: userId, secret_sealed: 'sealed', created_at: now, enabled_at: enabledAt })
        .execute();
    }
    // The codes the key was turned on with, as the store wrote them before the migration.
    await db.insertInto('recovery_codes').values({ recovery_code_id: 'recovery-code-on', user_id: 'user-on', code_hash: 'hash', created_at: now }).execute();

    expect(await migrateToLatest(db, migrations)).toContain('0023-recovery-codes-event');
    await replaceRecoveryCodes(db, KEY, 'user-on', now);
    expect(await replaced('user-on')).toBe(1);

    await db.updateTable('totp_keys').set({ enabled_at: now }).where('user_id', '=', 'user-pending').execute();
    await replaceRecoveryCodes(db, KEY, 'user-pending', now);
    expect(await replaced('user-pending')).toBe(0);
    await replaceRecoveryCodes(db, KEY, 'user-pending', now);
    expect(await replaced('user-pending')).toBe(1);
  });
});
