import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../src/cli.js';
import { startListening } from './helpers/listening.js';
import { manage } from './helpers/management.js';
import { dataDirWithDatabase, PUBLIC_TOKEN } from './helpers/test-config.js';

const run = promisify(execFile);
const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The real command, as an operator runs it, on a data folder of its own. */
async function vestibuleServer(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', ['--conditions=source', '--import', 'tsx', 'src/main.ts', ...args], {
      cwd: SERVER_ROOT,
      env: { ...process.env, VESTIBULE_DATA_DIR: dataDir, VESTIBULE_PUBLIC_TOKEN: PUBLIC_TOKEN },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Each command starts Node and opens the database: seconds each, more on a busy machine. */
const COMMANDS_TIMEOUT_MS = 240_000;

describe('vestibule-server keys and admins', () => {
  it('parses each task and calls a missing or stray part a usage error', () => {
    expect(parseCommandLine(['keys', 'create', '--name', 'ci'])).toEqual({
      command: 'operators',
      task: { task: 'keys create', name: 'ci' },
      configFile: undefined,
    });
    expect(parseCommandLine(['keys', 'revoke', 'management-key-1', '-c', 'prod.json'])).toEqual({
      command: 'operators',
      task: { task: 'keys revoke', keyId: 'management-key-1' },
      configFile: 'prod.json',
    });
    expect(parseCommandLine(['admins', 'add', 'ops@example.com'])).toMatchObject({ task: { task: 'admins add', email: 'ops@example.com' } });
    expect(parseCommandLine(['keys', 'create'])).toEqual({ command: 'usage-error', message: 'keys create needs --name <name>.' });
    expect(parseCommandLine(['keys'])).toMatchObject({ command: 'usage-error', message: expect.stringContaining("'create --name <name>'") });
    expect(parseCommandLine(['admins', 'add'])).toEqual({ command: 'usage-error', message: 'admins add needs an email address.' });
    expect(parseCommandLine(['keys', 'list', '--name', 'x'])).toEqual({ command: 'usage-error', message: '--name belongs to keys create.' });
    expect(parseCommandLine(['keys', 'list', '--client-id', 'x'])).toMatchObject({ command: 'usage-error' });
  });

  it(
    'prints a key once, stores only its hash, and the server takes it until it is revoked',
    async () => {
      const dataDir = dataDirWithDatabase();
      const made = await vestibuleServer(['keys', 'create', '--name', 'billing'], dataDir);
      expect(made.code).toBe(0);
      const key = made.stdout.match(/vsk_[\w-]{43}/)?.[0];
      expect(key).toBeDefined();
      const keyId = made.stdout.match(/management-key-[\w-]+/)?.[0];

      const listed = await vestibuleServer(['keys', 'list'], dataDir);
      expect(listed.stdout).toContain(`${keyId}  billing`);
      expect(listed.stdout).not.toContain(key);

      const server = await startListening({}, { VESTIBULE_DATA_DIR: dataDir });
      try {
        expect((await manage(server, 'GET', '/v1/keys', undefined, { session: key })).status).toBe(200);
        const stored = await server.send('GET', '/v1/keys', undefined, { session: key, token: null });
        expect(JSON.stringify(stored.body)).not.toContain(key);
        // The embedded database is this server's while it runs: the command says so rather than opening it too.
        const refused = await vestibuleServer(['keys', 'revoke', keyId!], dataDir);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/in use by process \d+.*Stop it first/);
      } finally {
        await server.close();
      }
      const revoked = await vestibuleServer(['keys', 'revoke', keyId!], dataDir);
      expect(revoked).toMatchObject({ code: 0, stdout: `Revoked ${keyId}.\n` });
      expect((await vestibuleServer(['keys', 'revoke', keyId!], dataDir)).code).toBe(1);

      const again = await startListening({}, { VESTIBULE_DATA_DIR: dataDir });
      try {
        expect((await manage(again, 'GET', '/v1/keys', undefined, { session: key })).status).toBe(401);
      } finally {
        await again.close();
      }
    },
    COMMANDS_TIMEOUT_MS,
  );

  it(
    'adds an operator by email, who can then call the API with their session',
    async () => {
      const dataDir = dataDirWithDatabase();
      const added = await vestibuleServer(['admins', 'add', 'Ops@Example.com'], dataDir);
      expect(added.code).toBe(0);
      // Said, listed and recorded as stored, not as typed.
      expect(added.stdout).toContain('ops@example.com is an operator');
      expect((await vestibuleServer(['admins', 'list'], dataDir)).stdout).toContain('ops@example.com');
      const server = await startListening({}, { VESTIBULE_DATA_DIR: dataDir });
      try {
        const { session_token } = await server.signInByLink('ops@example.com');
        expect((await manage(server, 'GET', '/v1/keys', undefined, { session: session_token })).status).toBe(200);
        const recorded = await manage(server, 'GET', '/v1/events?type=operator.action');
        expect(recorded.body.events.map((event: { data: unknown }) => event.data)).toContainEqual(
          expect.objectContaining({ action: 'operator.add', email: 'ops@example.com' }),
        );
      } finally {
        await server.close();
      }
      expect((await vestibuleServer(['admins', 'remove', 'ops@example.com'], dataDir)).code).toBe(0);
      expect((await vestibuleServer(['admins', 'remove', 'ops@example.com'], dataDir)).code).toBe(1);
      expect((await vestibuleServer(['admins', 'add', 'not an email'], dataDir)).stderr).toContain('Email format is invalid.');
    },
    COMMANDS_TIMEOUT_MS,
  );
});
