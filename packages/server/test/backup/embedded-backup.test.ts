import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli.js';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening } from '../helpers/listening.js';
import { dataDirWithDatabase, tempDir } from '../helpers/test-config.js';
import { vestibuleServer } from '../helpers/vestibule-command.js';
import { allWaysIn, signUpWithWaysIn, tryWaysIn } from '../helpers/ways-in.js';

/** Each command starts Node and opens the embedded database: seconds each, many more on a busy machine. */
const COMMANDS_TIMEOUT_MS = 600_000;

const PASSWORD = 'quartz-lantern-orbit-meadow';

describe('vestibule-server backup and restore (the embedded database)', () => {
  it('parses the file, --force for restore only, and a missing file as a usage error', () => {
    expect(parseCommandLine(['backup', 'nightly.tar.gz'])).toEqual({ command: 'backup', file: 'nightly.tar.gz', configFile: undefined });
    expect(parseCommandLine(['restore', 'nightly.tar.gz', '--force', '-c', 'prod.json'])).toEqual({
      command: 'restore',
      file: 'nightly.tar.gz',
      force: true,
      configFile: 'prod.json',
    });
    expect(parseCommandLine(['restore'])).toEqual({ command: 'usage-error', message: "restore needs the backup file's path." });
    expect(parseCommandLine(['backup', 'a', 'b'])).toEqual({ command: 'usage-error', message: "Unexpected argument 'b'." });
    expect(parseCommandLine(['backup', 'a', '--force'])).toEqual({ command: 'usage-error', message: '--force belongs to the restore command.' });
  });

  it(
    'a backup of a wiped data folder, restored, signs the same person in by password and passkey, and their session still works',
    async () => {
      const dataDir = dataDirWithDatabase();
      const env = { VESTIBULE_DATA_DIR: dataDir };
      const file = join(tempDir(), 'vestibule.tar.gz');

      const server = await startListening({}, env);
      let person: Awaited<ReturnType<typeof signUpWithWaysIn>>;
      try {
        person = await signUpWithWaysIn(server, uniqueEmail('backup'), PASSWORD);
        // PGlite serves one process: the command says so rather than copying files under the server.
        const refused = await vestibuleServer(['backup', file], env);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/in use by process \d+.*Stop it first[\s\S]*taken with the server stopped/);
        expect(existsSync(file)).toBe(false);
      } finally {
        await server.close();
      }

      const backedUp = await vestibuleServer(['backup', file], env);
      expect(backedUp.code, backedUp.stderr).toBe(0);
      expect(backedUp.stdout).toContain('mode 0600');
      // No VESTIBULE_SECRET: the secret the server generated is what unseals the data, so it goes with it.
      expect(backedUp.stdout).toContain(`The generated server secret (${join(dataDir, 'secret')}) is in it`);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      rmSync(dataDir, { recursive: true });

      // A wrong file is refused before anything is touched: the data folder is not even made.
      const wrong = join(tempDir(), 'notes.tar.gz');
      writeFileSync(wrong, 'not a backup');
      const refusedWrong = await vestibuleServer(['restore', wrong], env);
      expect(refusedWrong).toMatchObject({ code: 1, stderr: expect.stringContaining(`${wrong} is not a Vestibule backup`) });
      expect(existsSync(dataDir)).toBe(false);

      const restored = await vestibuleServer(['restore', file], env);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain(`into ${join(dataDir, 'db')}`);
      expect(statSync(join(dataDir, 'secret')).mode & 0o777).toBe(0o600);

      // A folder that holds a database is replaced only when asked.
      const again = await vestibuleServer(['restore', file], env);
      expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('already holds a database; nothing was changed') });
      expect(readdirSync(dataDir).sort()).toEqual(['db', 'secret']);

      const restarted = await startListening({}, env);
      try {
        expect(await tryWaysIn(restarted, person!)).toEqual(allWaysIn(person!.userId));
        // Not even --force replaces the database under a running server.
        const underServer = await vestibuleServer(['restore', file, '--force'], env);
        expect(underServer).toMatchObject({ code: 1, stderr: expect.stringMatching(/in use by process \d+[\s\S]*stop it first/) });
        expect(readdirSync(dataDir).filter((name) => name.startsWith('db.'))).toEqual(['db.lock']);
      } finally {
        await restarted.close();
      }
    },
    COMMANDS_TIMEOUT_MS,
  );

  it(
    'with VESTIBULE_SECRET the backup does not hold the secret, and a restore under none or another is refused',
    async () => {
      const secret = 'backup-test-secret-0123456789abcdef0123456789';
      const dataDir = dataDirWithDatabase();
      const file = join(tempDir(), 'vestibule.tar.gz');
      const server = await startListening({}, { VESTIBULE_DATA_DIR: dataDir, VESTIBULE_SECRET: secret });
      await server.close();

      const backedUp = await vestibuleServer(['backup', file], { VESTIBULE_DATA_DIR: dataDir, VESTIBULE_SECRET: secret });
      expect(backedUp.code, backedUp.stderr).toBe(0);
      expect(backedUp.stdout).toContain('The server secret is not in it');

      const elsewhere = join(tempDir(), 'restored');
      const withNone = await vestibuleServer(['restore', file], { VESTIBULE_DATA_DIR: elsewhere });
      expect(withNone).toMatchObject({ code: 1, stderr: expect.stringContaining('holds no server secret') });
      const withAnother = await vestibuleServer(['restore', file], { VESTIBULE_DATA_DIR: elsewhere, VESTIBULE_SECRET: `${secret}-not` });
      expect(withAnother).toMatchObject({ code: 1, stderr: expect.stringContaining('was started with another server secret than VESTIBULE_SECRET') });
      expect(existsSync(join(elsewhere, 'db'))).toBe(false);

      const withIt = await vestibuleServer(['restore', file], { VESTIBULE_DATA_DIR: elsewhere, VESTIBULE_SECRET: secret });
      expect(withIt.code, withIt.stderr).toBe(0);
      expect(existsSync(join(elsewhere, 'secret'))).toBe(false);
    },
    COMMANDS_TIMEOUT_MS,
  );
});
