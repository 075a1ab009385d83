import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createTar, type ParsedTarFileItem, parseTar } from 'nanotar';

/** What `vestibule-backup.json`, the first entry of a backup, says; restore reads nothing else before it is found right. */
export interface BackupManifest {
  format: typeof FORMAT;
  format_version: typeof FORMAT_VERSION;
  /** The version of vestibule-server that wrote it. */
  server_version: string;
  created_at: string;
  /** The migrations its database had run, by name: a restore refuses a database from a newer release. */
  migrations: string[];
  /** Whether the generated secret is in it; when not, a restore needs the server's VESTIBULE_SECRET (if a server has started on it). */
  secret: 'included' | 'not included';
}

/** A backup of the embedded database: the manifest, PGlite's tarball of its data directory, and the generated secret if any. */
export interface Backup {
  manifest: BackupManifest;
  database: Uint8Array;
  secret: string | null;
}

const FORMAT = 'vestibule-embedded-backup';
const FORMAT_VERSION = 1;
const MANIFEST = 'vestibule-backup.json';
const DATABASE = 'database.tar';
const SECRET = 'secret';

/** Thrown for a file that is not a backup this version can read: nothing has been touched when it is. */
export class NotABackupError extends Error {}

export function newManifest(serverVersion: string, migrations: string[], secretIncluded: boolean, now = new Date()): BackupManifest {
  return {
    format: FORMAT,
    format_version: FORMAT_VERSION,
    server_version: serverVersion,
    created_at: now.toISOString(),
    migrations,
    secret: secretIncluded ? 'included' : 'not included',
  };
}

/**
 * Writes the backup as a gzipped tar (`tar tzf` lists it), mode 0600 from its first byte: it holds
 * password hashes and sealed keys, and maybe the secret that unseals them. It is written beside
 * `file` and renamed over it, so a backup that fails half way never leaves a broken file by that name.
 */
export async function writeBackupFile(file: string, backup: Backup): Promise<number> {
  const entries = [
    { name: MANIFEST, data: `${JSON.stringify(backup.manifest, null, 2)}\n` },
    { name: DATABASE, data: backup.database },
    ...(backup.secret === null ? [] : [{ name: SECRET, data: `${backup.secret}\n` }]),
  ];
  const bytes = gzipSync(createTar(entries, { attrs: { mode: '600', uid: 0, gid: 0 } }));
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

/** Reads and checks a backup: NotABackupError for anything but a backup this version can restore. */
export async function readBackupFile(file: string): Promise<Backup> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new NotABackupError(`Could not read ${file}: ${(error as Error).message}`);
  }
  const notABackup = (why: string) => new NotABackupError(`${file} is not a Vestibule backup (${why}); nothing was changed.`);
  let entries: ParsedTarFileItem[];
  try {
    entries = parseTar(gunzipSync(bytes));
  } catch {
    throw notABackup('not a gzipped tar file');
  }
  const entry = (name: string) => entries.find((each) => each.name === name && each.type === 'file')?.data;
  const manifestBytes = entry(MANIFEST);
  if (!manifestBytes) throw notABackup(`no ${MANIFEST} in it`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(Buffer.from(manifestBytes).toString('utf8')) as BackupManifest;
  } catch {
    throw notABackup(`${MANIFEST} is not JSON`);
  }
  if (manifest?.format !== FORMAT) throw notABackup(`${MANIFEST} names no ${FORMAT}`);
  if (manifest.format_version !== FORMAT_VERSION) {
    throw new NotABackupError(
      `${file} is a backup in format ${manifest.format_version}, which this version (format ${FORMAT_VERSION}) cannot read; nothing was changed.`,
    );
  }
  const database = entry(DATABASE);
  if (!database) throw notABackup(`no ${DATABASE} in it`);
  const secret = entry(SECRET);
  if (manifest.secret === 'included' && !secret) throw notABackup(`its secret is missing`);
  return { manifest, database, secret: secret ? Buffer.from(secret).toString('utf8').trim() : null };
}
