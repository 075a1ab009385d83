import { chmodSync, mkdirSync } from 'node:fs';

/**
 * Makes `dir` (and any missing parent) 0700, and narrows it to 0700 when it is already there. The
 * embedded database's files are written under the process's umask (0644 with the usual 022), so
 * its folders are what keep other local accounts from the password hashes in its data files and
 * write-ahead log; an install from before this made them 0755, which every start narrows. A folder
 * another account owns (a data folder root made and lent to the service's account) keeps the mode
 * its owner gave it: only the owner may change it, and refusing to start over it would help nobody.
 */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}
