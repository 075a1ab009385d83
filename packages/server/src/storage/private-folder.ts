import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { EmbeddedDatabaseRefused } from './embedded-database-refused.js';

/**
 * Makes `dir` (and any missing parent) 0700, and narrows it to 0700 when it is already there. The
 * embedded database's files are written under the process's umask (0644 with the usual 022), so
 * its folders are what keep other local accounts from the password hashes in its data files and
 * write-ahead log; an install from before this made them 0755, which every start narrows. A folder
 * another account owns keeps the mode its owner gave it (only the owner may change it): one that
 * lets other accounts in is refused, since the database would be theirs to read and to swap (an
 * outside attack's finding: another account made the folders 0777 before the first start).
 */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    const mode = statSync(dir).mode & 0o777;
    if (mode & 0o077) {
      throw new EmbeddedDatabaseRefused(
        `The folder ${dir} belongs to another account and lets others in (mode ${mode.toString(8).padStart(4, '0')}): the embedded database there would be theirs to read. Give it to the account the server runs as (chown), or make it 0700.`,
      );
    }
  }
}
