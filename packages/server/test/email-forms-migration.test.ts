import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createDatabase } from '../src/storage/create-database.js';
import type { Database } from '../src/storage/database.js';
import { migrations } from '../src/features/index.js';
import { migrateToLatest } from '../src/storage/migrate.js';
import { describeWithPostgres } from './helpers/describe-with-postgres.js';
import { tempDir } from './helpers/test-config.js';

/**
 * Migration 0013 (issue 38, point 3): addresses stored before look-alike spellings were folded
 * take their one form (the domain in ASCII; a part before @ that is not ASCII has none and stays); of rows that come to the same form, one already in it, else the proven one,
 * else the oldest takes it, and the others keep their spelling (nothing merged or deleted).
 */
function migrationSuite(databaseUrl: () => Promise<string | null>) {
  let db: Kysely<Database>;
  beforeAll(async () => {
    ({ db } = await createDatabase({ databaseUrl: await databaseUrl(), dataDir: tempDir() }));
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableName: 'vestibule_migrations',
      migrationLockTableName: 'vestibule_migrations_lock',
    });
    const { error } = await migrator.migrateTo('0012-idp-grants');
    if (error) throw error;
  });
  afterAll(() => db.destroy());

  async function addUser(id: string, email: string, verified: boolean, createdAt: string) {
    const created_at = new Date(createdAt);
    await db.insertInto('users').values({ user_id: id, status: 'active', created_at }).execute();
    await db
      .insertInto('user_emails')
      .values({ email_id: `email-${id}`, user_id: id, email, verified, created_at })
      .execute();
  }

  it('folds stored spellings to one form, one row per form, the proven or oldest first', async () => {
    await addUser('fullwidth-old', 'ａ1@x.example', false, '2024-01-01');
    await addUser('fullwidth-proven', 'a1@ｘ.example', true, '2024-02-01');
    await addUser('plain', 'b1@x.example', false, '2024-01-01');
    await addUser('plain-look-alike', 'ｂ1@x.example', true, '2024-01-02');
    await addUser('unicode-domain', 'c1@bücher.example', false, '2024-01-01');
    await addUser('two-unproven-old', 'ｄ1@x.example', false, '2024-01-01');
    await addUser('two-unproven-new', 'd1@ｘ.example', false, '2024-03-01');
    await addUser('invisible', 'zero\u200b@x.example', false, '2024-01-01');

    expect(await migrateToLatest(db, migrations)).toContain('0013-email-forms');
    const rows = await db.selectFrom('user_emails').select(['user_id', 'email']).orderBy('user_id').execute();
    expect(Object.fromEntries(rows.map((row) => [row.user_id, row.email]))).toEqual({
      'fullwidth-old': 'ａ1@x.example',
      'fullwidth-proven': 'a1@x.example',
      plain: 'b1@x.example',
      'plain-look-alike': 'ｂ1@x.example',
      'unicode-domain': 'c1@xn--bcher-kva.example',
      // A part before @ that is not ASCII has no form (it is refused now): it keeps its spelling,
      // and the row whose domain alone was not ASCII takes the form.
      'two-unproven-old': 'ｄ1@x.example',
      'two-unproven-new': 'd1@x.example',
      invisible: 'zero\u200b@x.example',
    });
  });
}

describe('on the embedded database', () => migrationSuite(async () => null));
describeWithPostgres('on PostgreSQL', (cluster) => migrationSuite(() => cluster().createDatabase()));
