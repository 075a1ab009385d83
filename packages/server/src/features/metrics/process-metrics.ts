import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | undefined;

/**
 * prom-client's default metrics (resident memory, heap, CPU, event loop lag, garbage collection,
 * open handles) in a registry of their own, made once per process and shared by every server in it.
 * They describe the process, not a server; and collectDefaultMetrics called once per registry
 * starts a new event-loop-delay monitor and a new garbage-collection observer each time, which are
 * never stopped: a process that starts many servers (the tests) would gather one more of each per
 * server, for good. Made on first use, so a process that serves no metrics watches nothing.
 *
 * The event loop's lag figures (min, max, percentiles) are reset by each reading: with several
 * servers in one process, each reading covers the time since any of them was read.
 */
export function processMetrics(): Registry {
  processRegistry ??= makeProcessRegistry();
  return processRegistry;
}

function makeProcessRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}
