import { Piscina } from 'piscina';
import { ApiError } from '../../kernel/api-error.js';
import type { StrengthTask } from './zxcvbn-worker.js';
import type { StrengthResult } from './zxcvbn-strength.js';

/**
 * zxcvbn's verdicts, judged on a thread of their own: a password of digits takes it 100 to 500 ms
 * (its date, repeat and sequence matching), and on the server's one thread a few callers checking
 * such passwords stopped every other request (an outside attack's finding: health checks fell from
 * 1,227/s to 2/s). One thread, so that a flood of checks takes one core at most; past the queue a
 * check is refused at once (503 server_busy), and sign-ins, which wait in a queue of their own
 * (kernel/heavy-work.ts), are not held up.
 */
const QUEUE_LENGTH = 32;

// From the sources (tests, development) the worker is TypeScript, which the thread loads with tsx
// as the process does; built, it is the JavaScript beside this file.
const fromSources = import.meta.url.endsWith('.ts');

let pool: Piscina<StrengthTask, StrengthResult> | null = null;

/** zxcvbn's verdict on `task`, from the worker thread (started at the first check, ~150 ms to load its dictionaries). */
export async function judgedApart(task: StrengthTask): Promise<StrengthResult> {
  pool ??= new Piscina({
    filename: new URL(`./zxcvbn-worker.${fromSources ? 'ts' : 'js'}`, import.meta.url).href,
    minThreads: 1,
    maxThreads: 1,
    maxQueue: QUEUE_LENGTH,
    // The loaded dictionaries are what makes a check fast: the thread stays (idle, it keeps no process alive).
    idleTimeout: Number.POSITIVE_INFINITY,
    ...(fromSources ? { execArgv: [...process.execArgv, '--import', 'tsx'] } : {}),
  });
  if (pool.queueSize >= QUEUE_LENGTH) throw new ApiError('server_busy', undefined, { 'Retry-After': '1' });
  return pool.run(task);
}
