import { chmodSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Migration } from 'kysely';
import type { ServerConfig } from '../config/server-config.js';
import { assertSecretMatches } from '../security/server-secret.js';
import { lockEmbeddedDatabase } from '../storage/embedded-lock.js';
import { privateFolder } from '../storage/private-folder.js';
import { type ReadBackup, readBackupFile } from './backup-file.js';
import { writeDatabaseFiles } from './database-files.js';
import { databaseDir, generatedSecret, holdsAnything, openDatabase, ranMigrations, secretFile, startedWithSecret } from './embedded-database.js';

/** The secret the server will run the restored database with, and where it comes from. */
interface RestoreSecret {
  value: string;
  source: string;
  /** The backup's generated secret, to be written into the data folder. */
  fromBackup: boolean;
}

/**
 * As security/server-secret.ts resolves it: VESTIBULE_SECRET first, else the generated file, which
 * the backup's replaces; null when there is none yet (the server will generate one).
 */
function restoreSecret(config: ServerConfig, backup: ReadBackup): RestoreSecret | null {
  if (config.secret) return { value: config.secret, source: 'VESTIBULE_SECRET', fromBackup: false };
  if (backup.secret !== null) return { value: backup.secret, source: 'the secret in the backup', fromBackup: true };
  const existing = generatedSecret(config.dataDir);
  return existing === null ? null : { value: existing, source: secretFile(config.dataDir), fromBackup: false };
}

/**
 * `vestibule-server restore FILE [--force]`. Everything is checked before the data folder changes:
 * the file is a backup, its database loads (into a folder beside the live one), it is a Vestibule
 * database from this release or an older one, and it was started with the secret the server will
 * have (else the server would refuse it at start). Only then is it swapped in; a database already
 * there needs --force and is moved aside, not deleted. With the server stopped: the data folder's
 * claim refuses while it runs. The data folder and the database are this account's alone (0700,
 * files 0600), as the server keeps them (storage/private-folder.ts).
 */
export async function restoreEmbeddedDatabase(
  config: ServerConfig,
  file: string,
  force: boolean,
  migrations: Record<string, Migration>,
  print: (line: string) => void,
): Promise<void> {
  const backup = await readBackupFile(file);
  const secret = restoreSecret(config, backup);
  privateFolder(config.dataDir);
  let release: () => void;
  try {
    release = lockEmbeddedDatabase(config.dataDir);
  } catch (error) {
    throw new Error(`${(error as Error).message}\nA restore replaces the database under the server: stop it first.`);
  }
  try {
    const dir = databaseDir(config.dataDir);
    if (holdsAnything(dir) && !force) {
      throw new Error(
        `${dir} already holds a database; nothing was changed. To replace it with the backup, run restore again with --force (it is moved aside, not deleted).`,
      );
    }
    const staging = `${dir}.restoring`;
    // Left by a restore that was stopped half way: this process holds the claim, so nothing else uses it.
    rmSync(staging, { recursive: true, force: true });
    let ran: string[];
    try {
      ran = await checkedIntoStaging(staging, file, backup, secret, migrations);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }

    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const replaced = holdsAnything(dir) ? `${dir}.replaced-${stamp}` : null;
    if (replaced) renameSync(dir, replaced);
    else rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
    print(`Restored ${file} (taken ${backup.manifest.created_at} by vestibule-server ${backup.manifest.server_version}) into ${dir}.`);
    if (replaced) print(`The database that was there is now ${replaced}: delete it once the restored server runs as it should.`);

    if (secret?.fromBackup) {
      const target = secretFile(config.dataDir);
      const previous = generatedSecret(config.dataDir);
      if (previous !== null && previous !== secret.value) {
        renameSync(target, `${target}.replaced-${stamp}`);
        print(`The secret that was there is now ${target}.replaced-${stamp}, for the database moved aside.`);
      }
      writeFileSync(target, `${secret.value}\n`, { mode: 0o600 });
      // The mode above is for a new file; one already there with the same secret keeps its own.
      chmodSync(target, 0o600);
      print(`The backup's server secret is in ${target} (mode 0600).`);
    }
    const pending = Object.keys(migrations).filter((name) => !ran.includes(name)).length;
    print(
      pending === 0
        ? 'Start the server: the database is at this release.'
        : `Start the server: it runs the ${pending} migrations this release has that the backup does not.`,
    );
  } finally {
    release();
  }
}

/** Writes the backup's database into `staging` and checks it; returns the migrations it has run. */
async function checkedIntoStaging(
  staging: string,
  file: string,
  backup: ReadBackup,
  secret: RestoreSecret | null,
  migrations: Record<string, Migration>,
): Promise<string[]> {
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    writeDatabaseFiles(staging, backup.files);
    opened = await openDatabase(staging);
  } catch (error) {
    throw new Error(`The database in ${file} could not be loaded (${(error as Error).message}); nothing was changed.`);
  }
  const { db } = opened;
  try {
    const ran = await ranMigrations(db);
    if (!ran) throw new Error(`The database in ${file} is not a Vestibule database (no vestibule_migrations table); nothing was changed.`);
    // The manifest's list is what backup read from this record: any other is not this database's manifest.
    const listed = backup.manifest.migrations;
    if (ran.length !== listed.length || ran.some((name, at) => name !== listed[at])) {
      throw new Error(`The manifest of ${file} lists other migrations than its database has run, so it is not that database's manifest; nothing was changed.`);
    }
    const unknown = ran.filter((name) => !(name in migrations));
    if (unknown.length > 0) {
      throw new Error(
        `${file} comes from a later release (vestibule-server ${backup.manifest.server_version}, with migrations this one does not have: ${unknown.join(', ')}). Restore it with that release or a newer one; nothing was changed.`,
      );
    }
    if (secret === null) {
      if (await startedWithSecret(db)) {
        throw new Error(
          `${file} holds no server secret: the server it was taken from had VESTIBULE_SECRET. Set the same VESTIBULE_SECRET and run restore again; nothing was changed.`,
        );
      }
      return ran;
    }
    try {
      // What the server checks at start, done now so that a wrong secret changes nothing.
      await assertSecretMatches(db, secret.value);
    } catch {
      const hint =
        secret.source === 'VESTIBULE_SECRET' && backup.secret !== null
          ? ' The backup holds the secret its server generated: unset VESTIBULE_SECRET to use it.'
          : '';
      throw new Error(
        `The database in ${file} was started with another server secret than ${secret.source}, so the server would refuse it.${hint} Nothing was changed.`,
      );
    }
    return ran;
  } finally {
    await db.destroy();
  }
}
