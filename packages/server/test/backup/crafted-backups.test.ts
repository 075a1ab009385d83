import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { gunzipSync, gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBackupCommand } from '../../src/backup/backup-command.js';
import { writeBackupFile } from '../../src/backup/backup-file.js';
import { newManifest } from '../../src/backup/backup-manifest.js';
import { entriesOf } from '../../src/backup/tar-entries.js';
import { tempDir, testConfig } from '../helpers/test-config.js';
import { vestibuleServer } from '../helpers/vestibule-command.js';

/** An entry as a crafted tar holds it: anything a tar can say, not only what backup writes. */
interface Entry {
  name: string;
  type?: 'file' | 'directory' | 'symlink';
  linkname?: string;
  data?: Buffer;
}

async function tarOf(entries: Entry[]): Promise<Buffer> {
  const tar = pack();
  for (const { name, type = 'file', linkname, data = Buffer.alloc(0) } of entries) tar.entry({ name, type, linkname }, data);
  tar.finalize();
  return buffer(tar);
}

/** The entries of a real backup, made once: the migrated database every test starts from, never started, so without a secret. */
let real: { manifest: Record<string, unknown>; database: Entry[] };

beforeAll(async () => {
  const file = join(tempDir(), 'real.tar.gz');
  await runBackupCommand(testConfig(), { command: 'backup', file, configFile: undefined }, () => undefined);
  const outer = await entriesOf(gunzipSync(readFileSync(file)));
  const entry = (name: string) => outer.find((each) => each.name === name)!.data;
  real = {
    manifest: JSON.parse(entry('vestibule-backup.json').toString('utf8')),
    database: (await entriesOf(entry('database.tar'))).map(({ name, type, data }) => ({ name, type: type as Entry['type'], data })),
  };
}, 120_000);

interface Crafted {
  manifest?: Record<string, unknown>;
  database?: Entry[];
  /** The database entry's bytes as they are (instead of a tar of `database`). */
  databaseBytes?: Buffer;
  /** Entries after the database. */
  more?: Entry[];
  /** Bytes after the tar, inside the gzip. */
  trailing?: Buffer;
}

/** A backup file made as an attacker makes one: a real backup's entries, changed. */
async function crafted(change: Crafted): Promise<string> {
  const database = change.databaseBytes ?? (await tarOf(change.database ?? real.database));
  const tar = await tarOf([
    { name: 'vestibule-backup.json', data: Buffer.from(JSON.stringify({ ...real.manifest, ...change.manifest })) },
    { name: 'database.tar', data: database },
    ...(change.more ?? []),
  ]);
  const file = join(tempDir(), 'crafted.tar.gz');
  writeFileSync(file, gzipSync(Buffer.concat([tar, change.trailing ?? Buffer.alloc(0)])));
  return file;
}

/** Runs restore into a new data folder; resolves with what it printed and the error it stopped with. */
async function restore(file: string): Promise<{ printed: string[]; error: string | null; dataDir: string }> {
  const dataDir = join(tempDir(), 'data');
  const printed: string[] = [];
  const command = { command: 'restore' as const, file, force: false, configFile: undefined };
  const error = await runBackupCommand(testConfig({ dataDir }), command, (line) => printed.push(line)).then(
    () => null,
    (failed: Error) => failed.message,
  );
  return { printed, error, dataDir };
}

/** What a refused restore must leave: no database, nothing half written beside it. */
function expectNothingRestored(dataDir: string): void {
  expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
}

describe('restore refuses a crafted backup, saying what is wrong, and restores nothing', () => {
  it('the real backup these are made from restores', async () => {
    const { error, dataDir } = await restore(await crafted({}));
    expect(error).toBeNull();
    expect(readdirSync(dataDir)).toEqual(['db']);
  }, 60_000);

  it.each([
    [
      'a version with terminal escapes and a line of its own',
      { server_version: '99.0.0\u001b[31m\nInjected line' },
      'the server_version in vestibule-backup.json is not a version number',
    ],
    ['a time that sets the terminal title', { created_at: '\u001b]0;pwned\u0007' }, 'the created_at in vestibule-backup.json is not a date and time'],
    [
      'a migration named as none is',
      { migrations: ['0001-foundation', '../../etc/passwd'] },
      'the migrations in vestibule-backup.json are not migration names',
    ],
    ['no secret field', { secret: undefined }, "the secret in vestibule-backup.json is neither 'included' nor 'not included'"],
  ])('a manifest with %s', async (_what, manifest, says) => {
    const { error, printed, dataDir } = await restore(await crafted({ manifest }));
    expect(error).toContain(`is not a Vestibule backup (${says}); nothing was changed.`);
    expect(printed).toEqual([]);
    expectNothingRestored(dataDir);
  });

  it('a manifest that lists migrations its database has not run (a later release, it claims)', async () => {
    const { error, dataDir } = await restore(await crafted({ manifest: { migrations: ['9999-from-the-future'] } }));
    expect(error).toContain('lists other migrations than its database has run, so it is not that database');
    expect(error).toContain('nothing was changed');
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it('a secret that the manifest says is not in it', async () => {
    expect(real.manifest.secret).toBe('not included');
    const file = await crafted({ more: [{ name: 'secret', data: Buffer.from('attacker-chosen-secret-0123456789abcdef\n') }] });
    const { error, dataDir } = await restore(file);
    expect(error).toContain('(it holds a secret, which vestibule-backup.json says it does not); nothing was changed.');
    expectNothingRestored(dataDir);
  });

  it.each([
    [
      'a path out of the data folder',
      [{ name: '../../../../tmp/escaped', data: Buffer.from('x') }],
      '(it holds "../../../../tmp/escaped", which a backup never does)',
    ],
    ['the database twice', [{ name: 'database.tar', data: Buffer.alloc(0) }], '(it holds database.tar twice)'],
  ])('an entry besides the manifest, the database and the secret: %s', async (_what, more, says) => {
    const { error, dataDir } = await restore(await crafted({ more }));
    expect(error).toContain(`is not a Vestibule backup ${says}; nothing was changed.`);
    expectNothingRestored(dataDir);
  });

  it.each([
    [
      'a step up out of the database folder',
      { name: '/../../escaped', data: Buffer.from('x') },
      'its database names a file "/../../escaped", which is not a path inside the database folder',
    ],
    [
      'a name with a terminal escape',
      { name: '/base/\u001b[2J', data: Buffer.from('x') },
      'its database names a file "/base/\\u001b[2J", which is not a path inside',
    ],
    [
      'a symbolic link',
      { name: '/global', type: 'symlink' as const, linkname: '/tmp' },
      'its database holds a symlink ("/global"), which a database folder never does',
    ],
  ])('a database with %s', async (_what, extra, says) => {
    const { error, dataDir } = await restore(await crafted({ database: [...real.database, extra] }));
    expect(error).toContain(`is not a Vestibule backup (${says}`);
    expectNothingRestored(dataDir);
  });

  it('a database gzipped inside the backup (PGlite would have gunzipped it, without a bound)', async () => {
    const { error, dataDir } = await restore(await crafted({ databaseBytes: gzipSync(await tarOf(real.database)) }));
    expect(error).toContain('(its database is not a tar of a database folder); nothing was changed.');
    expectNothingRestored(dataDir);
  });

  it('a file that unpacks to far more than a backup of its size holds', async () => {
    // A few megabytes on disk, hundreds in memory: zeros after the archive, which tar readers skip.
    const file = await crafted({ trailing: Buffer.alloc(300 * 1024 * 1024) });
    const { error, dataDir } = await restore(file);
    expect(error).toMatch(/is not a Vestibule backup \(it unpacks to more than \d+ MB, more than a backup of its size ever holds\); nothing was changed\.$/);
    expectNothingRestored(dataDir);
  }, 60_000);

  it('vestibule-server restore prints no control character from a crafted file', async () => {
    const file = await crafted({ manifest: { server_version: '99.0.0\u001b[31m', created_at: '\u001b]0;pwned\u0007' } });
    const result = await vestibuleServer(['restore', file], { VESTIBULE_DATA_DIR: join(tempDir(), 'data') });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not a Vestibule backup');
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/[^\P{Cc}\n]/u);
  }, 120_000);
});

describe('backup holds itself to what restore takes', () => {
  it('refuses to write a backup that unpacks past the bound restore puts on a file its size', async () => {
    const file = join(tempDir(), 'zeros.tar.gz');
    const database = Buffer.alloc(200 * 1024 * 1024);
    await expect(writeBackupFile(file, { manifest: newManifest('0.1.0', [], false), database, secret: null })).rejects.toThrow(
      /more than restore takes from a file that size .*nothing was written/,
    );
    expect(existsSync(file)).toBe(false);
  });
});
