import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { TestProject } from 'vitest/node';
import { migrations } from '../src/features/index.js';
import { processRunning } from '../src/storage/embedded-lock.js';
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
  removeDeadRuns();
  const root = mkdtempSync(join(tmpdir(), RUN_PREFIX));
  writeFileSync(join(root, 'run.pid'), String(process.pid));
  const template = join(root, 'template-db');
  const db = new Kysely<any>({ dialect: new PGliteDialect(await PGlite.create(template)) });
  await migrateToLatest(db, migrations);
  await db.destroy();
  project.provide('testTempRoot', root);
  project.provide('testDatabaseTemplate', template);
  return () => rmSync(root, { recursive: true, force: true });
}

const RUN_PREFIX = 'vestibule-tests-';

/**
 * The folders of runs that were killed before their teardown (a timed-out CI job, ^C twice): each
 * run writes its process id, and a folder whose process is gone is nobody's. Runs under way at the
 * same time (others on this machine) keep theirs.
 */
function removeDeadRuns(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(RUN_PREFIX)) continue;
    const folder = join(tmpdir(), name);
    let pid: number;
    try {
      pid = Number(readFileSync(join(folder, 'run.pid'), 'utf8'));
    } catch {
      continue; // a run that has just begun, or one from before run.pid: left alone
    }
    if (!processRunning(pid)) rmSync(folder, { recursive: true, force: true });
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTempRoot: string;
    testDatabaseTemplate: string;
  }
}
