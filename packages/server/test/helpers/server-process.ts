import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));

/** The server run as its own process (`vestibule-server`'s main.ts from the sources), as an operator runs it. */
export interface ServerProcess {
  /** http://localhost:PORT, as the server printed it. */
  url: string;
  child: ChildProcess;
  /** Everything it wrote, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once it has exited. */
  exited: Promise<number | null>;
}

/** A server process as it runs: its output so far, its exit, and the URL it prints once listening. */
export interface WatchedProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** Resolves with http://localhost:PORT once the process prints it; rejects with its output if it exits first. */
  listening(): Promise<string>;
}

/** Collects what `child` (a vestibule-server, however started) writes, and waits for its URL on request. */
export function watchServerProcess(child: ChildProcess): WatchedProcess {
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const listening = () =>
    new Promise<string>((done, fail) => {
      const timer = setInterval(() => {
        const found = /Vestibule API: (http:\/\/localhost:\d+)/.exec(output)?.[1];
        if (found) {
          clearInterval(timer);
          done(found);
        }
      }, 50);
      void exited.then(() => {
        clearInterval(timer);
        fail(new Error(`vestibule-server exited: ${output}`));
      });
    });
  return { child, output: () => output, exited, listening };
}

/** Runs main.ts with `env` alone (and PATH) on a free port, without waiting for it. */
export function runServerProcess(env: Record<string, string>): WatchedProcess {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', VESTIBULE_API_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watchServerProcess(child);
}

/** Starts main.ts with `env` alone (and PATH) on a free port, and resolves once it prints its URL. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const run = runServerProcess(env);
  const url = await run.listening();
  return { url, child: run.child, output: run.output, exited: run.exited };
}
