import { setTimeout as sleep } from 'node:timers/promises';

/** Time for every held request's connection to open and its headers to arrive (on this machine's loopback, a few milliseconds). */
const CONNECTED_MS = 100;

/**
 * `count` requests that reach the server together: each is sent with its body held back
 * (SendOptions.bodyAfter), and every body goes once all of them are connected. Sent as they
 * are made, 50 requests over loopback arrive a few milliseconds apart and a server answers each
 * before the next arrives, so a race between them would never run.
 */
export async function together<T>(count: number, send: (n: number, bodyAfter: Promise<void>) => Promise<T>): Promise<T[]> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answers = Promise.all(Array.from({ length: count }, (_, n) => send(n, gate)));
  await sleep(CONNECTED_MS);
  release();
  return answers;
}
