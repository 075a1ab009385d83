import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedDatabaseRefused } from './embedded-database-refused.js';

/** Whether a process with this id is running (signal 0 checks without signalling; EPERM: another user's). */
export function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the embedded database for this process: two processes (a running server and a
 * `vestibule-server keys` command, or a second server) writing one PGlite folder would corrupt it.
 * The claim is a file holding the process id, taken over when that process is gone (a server killed
 * with -9). Returns its release.
 */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const file = join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      claimedHere.add(file);
      return () => {
        claimedHere.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8'));
      // This process's own id in a claim it did not make is a claim of an earlier process that had
      // the same id: in a container the server is process 1 at every start, and one killed left it.
      const stale = holder === process.pid && !claimedHere.has(file);
      if (Number.isInteger(holder) && holder > 0 && !stale && processRunning(holder)) {
        throw new EmbeddedDatabaseRefused(
          `The embedded database in ${dataDir} is in use by process ${holder} (a running Vestibule server?). Stop it first, or run this against PostgreSQL (DATABASE_URL); a key or an operator can also be added through the running server's management API or console.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not claim the embedded database in ${dataDir}.`);
}

/** The claims this process holds, which its own id in a lock file may mean. */
const claimedHere = new Set<string>();
