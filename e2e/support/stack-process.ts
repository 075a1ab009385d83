import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A stack started with the start command, as a person starts it, on ports of its own. */
export interface StackProcess {
  apiUrl: string;
  demoUrl: string;
  dataDir: string;
  output(): string;
  /** Sends Ctrl-C (SIGINT) and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the stack on `apiPort` and `demoPort`, which must lie below 32768, where Linux's ephemeral
 * ports begin: a fixed port above it may be held by any outgoing connection of the run (a demo on
 * port 43000 once failed to start with EADDRINUSE).
 */
export async function startStack(options: { apiPort: number; demoPort: number; dataDir?: string; env?: Record<string, string> }): Promise<StackProcess> {
  for (const port of [options.apiPort, options.demoPort])
    if (port >= 32768) throw new Error(`startStack: port ${port} is among the ephemeral ports; pick one below 32768.`);
  // Under the run's temporary folder (playwright.config.ts), removed when the run ends.
  const dataDir = options.dataDir ?? mkdtempSync(join(process.env.VESTIBULE_E2E_TMP ?? tmpdir(), 'vestibule-stack-'));
  const child: ChildProcess = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      VESTIBULE_API_PORT: String(options.apiPort),
      VESTIBULE_DEMO_PORT: String(options.demoPort),
      VESTIBULE_DATA_DIR: dataDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await expect.poll(() => output, { timeout: 60_000, message: 'the stack says it is running' }).toContain('Press Ctrl-C to stop.');
  return {
    apiUrl: `http://localhost:${options.apiPort}`,
    demoUrl: `http://localhost:${options.demoPort}`,
    dataDir,
    output: () => output,
    stop: async () => {
      child.kill('SIGINT');
      return exited;
    },
  };
}
