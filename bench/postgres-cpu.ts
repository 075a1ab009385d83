/**
 * CPU time used so far by a PostgreSQL server that this machine runs, read from Linux's /proc: the
 * postmaster with every backend it has reaped (cutime, cstime) plus the backends still running.
 * The benchmark reads it before and after a row so that a row's cost shows what the database spent
 * on it, which a server's own CPU leaves out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Clock ticks in a second as /proc counts them (USER_HZ, 100 on every Linux Node runs on). */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // the process ended between the listing and the read
  }
}

/** Milliseconds of CPU the cluster in `dataDir` has used, or null where /proc is not there to read. */
export function postgresCpuMs(dataDir: string): number | null {
  let postmaster: string;
  try {
    postmaster = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]!.trim();
    readdirSync('/proc');
  } catch {
    return null;
  }
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const fields = statFields(pid);
    if (!fields) continue;
    // After the name: state, ppid, …; utime, stime, cutime, cstime are the 14th to 17th fields of the whole line.
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [number, number, number, number];
    if (pid === postmaster) ticks += utime + stime + cutime + cstime;
    else if (fields[1] === postmaster) ticks += utime + stime;
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
