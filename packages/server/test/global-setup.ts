import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { TestProject } from 'vitest/node';
import { migrations } from '../src/features/index.js';
import { migrateToLatest } from '../src/storage/migrate.js';

/**
 * Every test server keeps its embedded database (some 40 MB) in a folder of its own, and a run
 * starts hundreds of them. They all go under one folder for the run, removed when the run ends,
 * so repeated runs do not fill the disk (they did: 78 GB of leftovers on this machine).
 *
 * Creating an embedded database (PGlite's initdb) takes 3 to 6 s on this machine, and it was most
 * of the suite's time. So it happens once here: a migrated, empty database that testConfig copies
 * into each test server's data dir (under a second). Keys and the secret's fingerprint are not in
 * it: each server still makes its own on first start.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const root = mkdtempSync(join(tmpdir(), 'vestibule-tests-'));
  const template = join(root, 'template-db');
  const db = new Kysely<any>({ dialect: new PGliteDialect(await PGlite.create(template)) });
  await migrateToLatest(db, migrations);
  await db.destroy();
  project.provide('testTempRoot', root);
  project.provide('testDatabaseTemplate', template);
  return () => rmSync(root, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTempRoot: string;
    testDatabaseTemplate: string;
  }
}
