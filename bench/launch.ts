import { type ChildProcess, fork } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../packages/server/test/helpers/free-port.js';

/** Where the benchmarked servers' scripts live (and their own dependencies, installed from the npm registry). */
export const benchDir = resolve(fileURLToPath(new URL('server', import.meta.url)));

/** A server process of a benchmark, and what it answers over IPC (bench/server/instance-ipc.mjs). */
export interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  ask<T>(message: Record<string, unknown>): Promise<T>;
  /** Resident memory in bytes. */
  memory(): Promise<number>;
  /** CPU milliseconds the process has used so far. */
  cpuMs(): Promise<number>;
}

/** Every server process started, so a clean-up stops each whatever fails next. */
export const children: ChildProcess[] = [];

/** Starts a script of bench/server as a process of its own and waits until it listens; `stdout`: a file's descriptor, for a server's log. */
export async function launch(name: string, script: string, env: NodeJS.ProcessEnv, stdout: 'inherit' | number = 'inherit'): Promise<Instance> {
  const port = await freePort();
  const child = fork(join(benchDir, script), [], {
    cwd: benchDir,
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', stdout, 'inherit', 'ipc'],
  });
  children.push(child);
  await new Promise<void>((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`${name} exited (${code}) before it was ready.`)));
    child.on('message', (message: { ready?: boolean }) => message.ready && ready());
  });
  let ids = 0;
  const waiting = new Map<number, (reply: any) => void>();
  child.on('message', (reply: { id?: number }) => {
    if (reply.id === undefined) return;
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  const ask = <T>(message: Record<string, unknown>) =>
    new Promise<T>((answer) => {
      const id = ++ids;
      waiting.set(id, answer);
      child.send({ ...message, id });
    });
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    child,
    ask,
    memory: async () => (await ask<{ rss: number }>({ type: 'memory' })).rss,
    cpuMs: async () => {
      const { cpu } = await ask<{ cpu: NodeJS.CpuUsage }>({ type: 'cpu' });
      return (cpu.user + cpu.system) / 1000;
    },
  };
}
