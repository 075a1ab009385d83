import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { describeWithPostgres } from '../helpers/describe-with-postgres.js';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening } from '../helpers/listening.js';
import { PG_BIN } from '../helpers/postgres.js';
import { TEST_SECRET, tempDir } from '../helpers/test-config.js';
import { vestibuleServer } from '../helpers/vestibule-command.js';
import { allWaysIn, type PersonWithWaysIn, signUpWithWaysIn, tryWaysIn } from '../helpers/ways-in.js';

const run = promisify(execFile);
const PASSWORD = 'quartz-lantern-orbit-meadow';

/** A command line as the operator types it, in a shell whose DATABASE_URL is `url`, with the PostgreSQL 15 client tools first on the PATH. */
async function shell(line: string, url: string, cwd: string): Promise<void> {
  await run('sh', ['-c', line], { cwd, env: { ...process.env, DATABASE_URL: url, PATH: `${PG_BIN}:${process.env.PATH}` } });
}

describeWithPostgres('backing up PostgreSQL with the pg_dump and pg_restore lines vestibule-server prints', (cluster) => {
  it('a dump taken while the server runs, restored into a new database or over the old one, keeps every way in and the session', async () => {
    const url = await cluster().createDatabase();
    const folder = tempDir();
    const printed = await vestibuleServer(['backup', join(folder, 'unused.tar.gz')], { DATABASE_URL: url });
    expect(printed.code).toBe(1);
    // The URL may hold the database password: the lines name the variable, never its value.
    expect(printed.stderr).not.toContain(url);
    const lines = printed.stderr.split('\n').map((line) => line.trim());
    const dump = lines.find((line) => line.startsWith('pg_dump '))!;
    const [restoreNew, restoreOver] = lines.filter((line) => line.startsWith('pg_restore '));
    expect(restoreOver).toContain('--clean');

    const server = await startListening({ databaseUrl: url, secret: TEST_SECRET });
    let person: PersonWithWaysIn;
    let later: PersonWithWaysIn;
    try {
      person = await signUpWithWaysIn(server, uniqueEmail('dumped'), PASSWORD);
      await shell(dump, url, folder);
      expect(existsSync(join(folder, 'vestibule.dump'))).toBe(true);
      // Made after the dump: a restore takes the database back to before it.
      later = await signUpWithWaysIn(server, uniqueEmail('after-dump'), PASSWORD);
    } finally {
      await server.close();
    }

    const fresh = await cluster().createDatabase();
    await shell(restoreNew!, fresh, folder);
    await shell(restoreOver!, url, folder);
    for (const restored of [fresh, url]) {
      const again = await startListening({ databaseUrl: restored, secret: TEST_SECRET });
      try {
        expect(await tryWaysIn(again, person!)).toEqual(allWaysIn(person!.userId));
        expect((await again.send('POST', '/sdk/v1/passwords/authenticate', { email: later!.email, password: PASSWORD })).status).toBe(401);
      } finally {
        await again.close();
      }
    }
  }, 300_000);
});
