import { type Harness, startHarness } from './harness.js';
import { type ListeningServer, startListening } from './listening.js';

/**
 * One server of each kind per test worker, for the test files that need the demo config and
 * nothing else: the server project runs its files in one module graph per worker (Vitest's
 * `isolate: false`), so these promises outlive a file, and starting a server (a database copy,
 * keys, the breached-password list) happens once per worker rather than once per file. The files
 * share them as clients share a real deployment: each makes its own users, addresses and client
 * addresses (uniqueEmail, randomIp, from), and none closes them.
 *
 * Two kinds, because their clocks differ: the harness's stands still until a test moves it (for
 * expiries), the listening server's is the real one (tests over sockets check tokens with a
 * library that reads the real time).
 */
let harness: Promise<Harness> | undefined;
let listening: Promise<ListeningServer> | undefined;

/** The worker's in-process server on the demo config, with a clock tests move. Do not close it. */
export function sharedHarness(): Promise<Harness> {
  harness ??= startHarness();
  return harness;
}

/** The worker's listening server on the demo config, on the real clock. Do not close it. */
export function sharedListening(): Promise<ListeningServer> {
  listening ??= startListening();
  return listening;
}

/**
 * A listening socket keeps its process alive, and Vitest has no hook for a worker's end: so after
 * each file (test/setup.ts) the shared servers close unless the worker's next file starts within
 * a second, as it does while the worker has files left; then they are started again on first use.
 */
let idle: NodeJS.Timeout | undefined;
const IDLE_MS = 1000;

export function keepSharedStacks(): void {
  clearTimeout(idle);
}

export function closeSharedStacksWhenIdle(): void {
  idle = setTimeout(async () => {
    const open = [harness, listening];
    harness = undefined;
    listening = undefined;
    await Promise.all(open.map(async (stack) => (await stack)?.close()));
  }, IDLE_MS);
}
