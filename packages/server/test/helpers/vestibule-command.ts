import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SERVER_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `vestibule-server ARGS` as an operator runs it (main.ts from the sources, in a process of its
 * own), with this process's environment and `env` over it. `serverRoot`: the server package to run,
 * this one unless another checkout's.
 */
export async function vestibuleServer(args: string[], env: NodeJS.ProcessEnv, serverRoot = SERVER_ROOT): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts', ...args], {
      cwd: serverRoot,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
