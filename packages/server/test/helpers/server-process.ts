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

/**
 * Starts main.ts with `env` alone (and PATH) on a free port, and resolves once it prints its URL;
 * rejects with its output if it exits first.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', VESTIBULE_API_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const url = await new Promise<string>((done, fail) => {
    const timer = setInterval(() => {
      const found = /Vestibule API: (http:\/\/localhost:\d+)/.exec(output)?.[1];
      if (found) {
        clearInterval(timer);
        done(found);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      fail(new Error(`main.ts exited: ${output}`));
    });
  });
  return { url, child, output: () => output, exited };
}
