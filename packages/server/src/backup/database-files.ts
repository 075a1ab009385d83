import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { privateFolder } from '../storage/private-folder.js';
import { entriesOf, quoted } from './tar-entries.js';

/** A file or folder of PGlite's data directory, by its path inside it. */
export interface DatabaseFile {
  path: string;
  directory: boolean;
  data: Buffer;
}

/** Any control character (C0 and C1): a name holding one would be printed to a terminal. */
const CONTROL = /\p{Cc}/u;

/**
 * The files of PGlite's dump of its data directory (PGlite.dumpDataDir), each checked: only files
 * and folders (no links, devices or pipes), each named by a path inside the data directory as
 * PGlite names them, '/base/5/1259' (no '..', no empty or '.' step, no control character), once,
 * and PG_VERSION among them. Throws an error saying what is wrong with the first that is not.
 */
export async function databaseFiles(tarball: Uint8Array): Promise<DatabaseFile[]> {
  let entries: Awaited<ReturnType<typeof entriesOf>>;
  try {
    entries = await entriesOf(tarball);
  } catch {
    throw new Error('its database is not a tar of a database folder');
  }
  const seen = new Set<string>();
  const files = entries.map(({ name, type, data }): DatabaseFile => {
    // PGlite starts every name with '/', and other tar writers end a folder's with one.
    const inside = name.replace(/^\//, '');
    const path = type === 'directory' ? inside.replace(/\/$/, '') : inside;
    if (CONTROL.test(name) || path.split('/').some((step) => step === '' || step === '.' || step === '..')) {
      throw new Error(`its database names a file ${quoted(name)}, which is not a path inside the database folder`);
    }
    if (type !== 'file' && type !== 'directory') throw new Error(`its database holds a ${type} (${quoted(name)}), which a database folder never does`);
    if (seen.has(path)) throw new Error(`its database holds ${quoted(name)} twice`);
    seen.add(path);
    return { path, directory: type === 'directory', data };
  });
  if (!seen.has('PG_VERSION')) throw new Error('its database has no PG_VERSION: it is not a database folder');
  return files;
}

/**
 * Writes the checked files into `dir` (new), readable by this account only: folders 0700, files
 * 0600, whatever the umask. Nothing is followed or resolved: only files and folders are written,
 * each inside `dir`, so a crafted backup writes nowhere else.
 */
export function writeDatabaseFiles(dir: string, files: DatabaseFile[]): void {
  privateFolder(dir);
  for (const file of files) {
    const path = join(dir, file.path);
    if (file.directory) {
      mkdirSync(path, { recursive: true, mode: 0o700 });
    } else {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileSync(path, file.data, { mode: 0o600, flag: 'wx' });
    }
  }
}
