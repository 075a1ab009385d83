import { resolve } from 'node:path';
import { sql } from 'kysely';
import type { ServerConfig } from '../config/server-config.js';
import { lockEmbeddedDatabase } from '../storage/embedded-lock.js';
import { writeBackupFile } from './backup-file.js';
import { newManifest } from './backup-manifest.js';
import { databaseDir, generatedSecret, isDatabase, openDatabase, ranMigrations, secretFile, startedWithSecret } from './embedded-database.js';

/**
 * `vestibule-server backup FILE`: the embedded database, and the generated secret when the server
 * runs without VESTIBULE_SECRET, into one file. PGlite serves one process, so the server must be
 * stopped: the data folder's claim refuses while it runs. Copying its files under a running server
 * could catch a page half written; a backup taken alone is consistent (a checkpoint, then PGlite's
 * own dump of its data directory).
 */
export async function backupEmbeddedDatabase(config: ServerConfig, file: string, version: string, print: (line: string) => void): Promise<void> {
  const dir = databaseDir(config.dataDir);
  if (!isDatabase(dir)) throw new Error(`There is no embedded database in ${config.dataDir} to back up (VESTIBULE_DATA_DIR names the data folder).`);
  let release: () => void;
  try {
    release = lockEmbeddedDatabase(config.dataDir);
  } catch (error) {
    throw new Error(
      `${(error as Error).message}\nA backup of the embedded database is taken with the server stopped (it takes seconds); with PostgreSQL, pg_dump works while it runs.`,
    );
  }
  try {
    const { pglite, db } = await openDatabase(dir);
    let database: Uint8Array;
    let migrations: string[] | null;
    let started: boolean;
    try {
      migrations = await ranMigrations(db);
      if (!migrations) throw new Error(`The database in ${dir} is not a Vestibule database (it has no vestibule_migrations table).`);
      started = await startedWithSecret(db);
      // Everything written so far goes into the data files, so the copy needs no log replay.
      await sql`checkpoint`.execute(db);
      database = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
    } finally {
      await db.destroy();
    }
    // VESTIBULE_SECRET wins over a generated file (security/server-secret.ts), so the file is then not what unseals the data.
    const secret = config.secret ? null : generatedSecret(config.dataDir);
    const bytes = await writeBackupFile(file, { manifest: newManifest(version, migrations, secret !== null), database, secret });
    print(`Backed up the embedded database in ${dir} to ${resolve(file)} (${(bytes / 1e6).toFixed(1)} MB, ${migrations.length} migrations).`);
    print('The file is readable by its owner only (mode 0600): it holds password hashes and sealed keys. Keep it as safe as the server secret.');
    if (secret !== null) print(`The generated server secret (${secretFile(config.dataDir)}) is in it, so whoever has the file can unseal the signing keys.`);
    else if (started) {
      print(
        'The server secret is not in it (the server has VESTIBULE_SECRET): a restore needs the same VESTIBULE_SECRET, which passcodes, signing keys and authenticator apps are sealed with (the server refuses this database under another).',
      );
    }
  } finally {
    release();
  }
}
