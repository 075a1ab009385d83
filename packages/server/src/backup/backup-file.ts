import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { constants } from 'node:buffer';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type BackupManifest, FORMAT_VERSION, MANIFEST, type ManifestError, readManifest } from './backup-manifest.js';
import { type DatabaseFile, databaseFiles } from './database-files.js';
import { entriesOf, quoted, tarOf } from './tar-entries.js';

/** A backup of the embedded database as backup writes it: the manifest, PGlite's tarball of its data directory, and the generated secret if any. */
export interface Backup {
  manifest: BackupManifest;
  database: Uint8Array;
  secret: string | null;
}

/** A backup as restore reads it: everything checked, the database as the files to write. */
export interface ReadBackup {
  manifest: BackupManifest;
  files: DatabaseFile[];
  secret: string | null;
}

const DATABASE = 'database.tar';
const SECRET = 'secret';

/** A generated secret (security/server-secret.ts writes 43 characters) or any VESTIBULE_SECRET-like one: one word of printable ASCII. */
const SECRET_TEXT = /^[\x21-\x7e]{32,1024}$/;

const MB = 1024 * 1024;

/**
 * How much a backup of `compressedBytes` may unpack to, so that a small crafted file cannot make
 * restore hold gigabytes. A real backup is PGlite's data files, which gzip shrinks 3.6 to 9 times
 * (measured: a new database 41 MB into 4.5 MB; with 10,000 and 100,000 people, their sessions and
 * events, 130 MB into 31 MB and 989 MB into 274 MB): twenty times, and 64 MB over for the smallest,
 * leaves room. writeBackupFile holds itself to the same bound, so a backup this version writes is
 * always one it restores.
 */
function unpackedLimit(compressedBytes: number): number {
  return Math.min(constants.MAX_LENGTH, 64 * MB + 20 * compressedBytes);
}

/** Thrown for a file that is not a backup this version can read: nothing has been touched when it is. */
export class NotABackupError extends Error {}

/**
 * Writes the backup as a gzipped tar (`tar tzf` lists it), mode 0600 from its first byte: it holds
 * password hashes and sealed keys, and maybe the secret that unseals them. It is written beside
 * `file` and renamed over it, so a backup that fails half way never leaves a broken file by that name.
 */
export async function writeBackupFile(file: string, backup: Backup): Promise<number> {
  const tar = await tarOf([
    { name: MANIFEST, data: `${JSON.stringify(backup.manifest, null, 2)}\n` },
    { name: DATABASE, data: backup.database },
    ...(backup.secret === null ? [] : [{ name: SECRET, data: `${backup.secret}\n` }]),
  ]);
  const bytes = gzipSync(tar);
  if (tar.length > unpackedLimit(bytes.length)) {
    throw new Error(
      `The backup would unpack to ${(tar.length / MB).toFixed(0)} MB from ${(bytes.length / MB).toFixed(1)} MB, more than restore takes from a file that size (it refuses such files as crafted); nothing was written. Stop the server and copy the data folder instead.`,
    );
  }
  const partial = `${file}.partial-${process.pid}`;
  try {
    await writeFile(partial, bytes, { mode: 0o600, flag: 'wx' });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return bytes.length;
}

/**
 * Reads and checks a backup: NotABackupError, in one sentence saying what is wrong, for anything
 * but a backup this version writes. Nothing in it is taken on trust: it unpacks within
 * unpackedLimit, holds the manifest, the database and the secret only when the manifest says so,
 * each once, and the manifest and every file of the database are checked (backup-manifest.ts,
 * database-files.ts).
 */
export async function readBackupFile(file: string): Promise<ReadBackup> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new NotABackupError(`Could not read ${file}: ${(error as Error).message}`);
  }
  const notABackup = (why: string) => new NotABackupError(`${file} is not a Vestibule backup (${why}); nothing was changed.`);
  const limit = unpackedLimit(bytes.length);
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes, { maxOutputLength: limit });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw notABackup(`it unpacks to more than ${(limit / MB).toFixed(0)} MB, more than a backup of its size ever holds`);
    }
    throw notABackup('not a gzipped file');
  }
  let entries: Awaited<ReturnType<typeof entriesOf>>;
  try {
    entries = await entriesOf(tar);
  } catch {
    throw notABackup('not a tar file, or cut short');
  }
  const found = new Map<string, Buffer>();
  for (const { name, type, data } of entries) {
    if (![MANIFEST, DATABASE, SECRET].includes(name) || type !== 'file') throw notABackup(`it holds ${quoted(name)}, which a backup never does`);
    if (found.has(name)) throw notABackup(`it holds ${name} twice`);
    found.set(name, data);
  }

  const manifestBytes = found.get(MANIFEST);
  if (!manifestBytes) throw notABackup(`no ${MANIFEST} in it`);
  let manifest: BackupManifest;
  try {
    manifest = readManifest(manifestBytes);
  } catch (error) {
    const { message, laterFormat } = error as ManifestError;
    if (laterFormat === undefined) throw notABackup(message);
    throw new NotABackupError(`${file} is a backup in format ${laterFormat}, which this version (format ${FORMAT_VERSION}) cannot read; nothing was changed.`);
  }

  const database = found.get(DATABASE);
  if (!database) throw notABackup(`no ${DATABASE} in it`);
  let files: DatabaseFile[];
  try {
    files = await databaseFiles(database);
  } catch (error) {
    throw notABackup((error as Error).message);
  }

  const secret = found.get(SECRET)?.toString('utf8').trim() ?? null;
  if (manifest.secret === 'included' && secret === null) throw notABackup('its secret is missing');
  if (manifest.secret === 'not included' && secret !== null) throw notABackup(`it holds a secret, which ${MANIFEST} says it does not`);
  if (secret !== null && !SECRET_TEXT.test(secret)) throw notABackup('its secret is not one word of printable characters');
  return { manifest, files, secret };
}
