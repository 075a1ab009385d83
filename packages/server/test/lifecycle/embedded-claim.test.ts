import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { runServerProcess, type WatchedProcess, watchServerProcess } from '../helpers/server-process.js';
import { dataDirWithDatabase } from '../helpers/test-config.js';

/**
 * The embedded database's claim (db.lock, the process id of the server that has it open). Found by
 * an outside attack: a claim holding the new server's own id (in a container the server is process
 * 1 at every start, and one killed with -9 left its claim) was taken for a running server, and the
 * server never started again, with a stack trace.
 */
const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
const running: WatchedProcess[] = [];
afterEach(() => {
  for (const server of running.splice(0)) server.child.kill('SIGKILL');
});

it('starts over a claim that holds its own process id, left by an earlier process that had it', async () => {
  const dataDir = dataDirWithDatabase();
  // The shell writes its own id into the claim, then becomes the server: same process, same id.
  const child = spawn('sh', ['-c', 'echo $$ > "$VESTIBULE_DATA_DIR/db.lock" && exec "$NODE" --conditions=source --import tsx packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', NODE: process.execPath, VESTIBULE_API_PORT: '0', VESTIBULE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = watchServerProcess(child);
  running.push(server);
  const url = await server.listening();
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
}, 60_000);

it('refuses, in one plain sentence, a data folder another running server has open', async () => {
  const dataDir = dataDirWithDatabase();
  const first = runServerProcess({ VESTIBULE_DATA_DIR: dataDir });
  running.push(first);
  await first.listening();
  const second = runServerProcess({ VESTIBULE_DATA_DIR: dataDir });
  running.push(second);
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain(`vestibule-server: The embedded database in ${dataDir} is in use by process ${first.child.pid}`);
  expect(second.output()).not.toMatch(/^\s+at /m);
}, 60_000);
