import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { runBackupCommand } from '../../src/backup/backup-command.js';
import { startListening } from '../helpers/listening.js';
import { dataDirWithDatabase, tempDir, testConfig } from '../helpers/test-config.js';

const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));

/** Permission bits as `ls -l` shows them, so a failure reads '755' against '700'. */
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

/**
 * The embedded database holds password hashes in its data files and write-ahead log. Under the
 * usual umask 022 its folders were 0755 and its files 0644, so any local account read them; the
 * data folder and the database folder are now 0700, at every start and after a restore.
 */
describe('the embedded database is readable by its own account only (umask 022)', () => {
  let umaskBefore: number;
  beforeAll(() => {
    umaskBefore = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umaskBefore);
  });

  it('a start narrows the folders of an install that made them 0755', async () => {
    const dataDir = dataDirWithDatabase();
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'db'), 0o755);
    const server = await startListening({}, { VESTIBULE_DATA_DIR: dataDir });
    try {
      expect([mode(dataDir), mode(join(dataDir, 'db')), mode(join(dataDir, 'secret'))]).toEqual(['700', '700', '600']);
    } finally {
      await server.close();
    }
  });

  it('a backup is 0600, and a restore writes folders 0700 and files 0600, over an old install too', async () => {
    const print = () => undefined;
    const source = testConfig();
    const file = join(tempDir(), 'vestibule.tar.gz');
    await runBackupCommand(source, { command: 'backup', file, configFile: undefined }, print);
    expect(mode(file)).toBe('600');

    const fresh = join(tempDir(), 'data');
    await runBackupCommand(testConfig({ dataDir: fresh }), { command: 'restore', file, force: false, configFile: undefined }, print);
    expect([fresh, join(fresh, 'db'), join(fresh, 'db', 'base'), join(fresh, 'db', 'PG_VERSION')].map(mode)).toEqual(['700', '700', '700', '600']);

    const old = dataDirWithDatabase();
    chmodSync(old, 0o755);
    await runBackupCommand(testConfig({ dataDir: old }), { command: 'restore', file, force: true, configFile: undefined }, print);
    expect([mode(old), mode(join(old, 'db'))]).toEqual(['700', '700']);
  });
});

describe('a data folder that another account owns and lets others in', () => {
  // The server runs as `nobody`; `daemon` made the folders first, open to all (as in a shared /srv).
  const asRoot = process.getuid?.() === 0;
  it.runIf(asRoot)(
    'is refused at start, in one sentence naming the folder and what to do',
    async () => {
      // Outside the run's own temporary folder, which other accounts cannot enter.
      const parent = mkdtempSync(join(tmpdir(), 'vestibule-shared-'));
      chmodSync(parent, 0o1777);
      onTestFinished(() => rmSync(parent, { recursive: true, force: true }));
      const dataDir = join(parent, 'vdata');
      execFileSync('su', ['-s', '/bin/sh', 'daemon', '-c', `mkdir -p '${dataDir}/db' && chmod 777 '${dataDir}' '${dataDir}/db'`]);
      const run = spawnSync(
        'su',
        ['-s', '/bin/sh', 'nobody', '-c', `cd '${repoRoot}' && exec '${process.execPath}' --conditions=source --import tsx packages/server/src/main.ts`],
        { env: { PATH: process.env.PATH ?? '', VESTIBULE_DATA_DIR: dataDir, VESTIBULE_API_PORT: '0' }, encoding: 'utf8', timeout: 60_000 },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`vestibule-server: The folder ${dataDir} belongs to another account and lets others in (mode 0777)`);
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(existsSync(join(dataDir, 'db', 'PG_VERSION'))).toBe(false);
    },
    90_000,
  );
});
