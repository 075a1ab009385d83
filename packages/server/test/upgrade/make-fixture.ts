/**
 * Makes the upgrade fixtures in fixtures/: the databases of the release before issue 31 (commit
 * 90a13e5, the last before its work; the repository has no tags), which upgrade.test.ts opens with
 * this release. Run by hand once, from packages/server (PostgreSQL 15's binaries installed, ports
 * 7531 and 7532 free):
 *
 *   node --conditions=source --import tsx test/upgrade/make-fixture.ts
 *
 * It checks that commit out beside this one (git worktree in the temp folder; node_modules links to
 * this checkout's packages, and @vestibule/* to the worktree's own) and, with that release's code
 * and VESTIBULE_SECRET set: makes a management key with its `keys create`, starts its server
 * (main.ts, development) and through its API makes a person with a password, a passkey and a
 * session, and a refresh token of the development relying party; reads the JWKS. It does so on a
 * new data folder (the embedded database) and on a new database of a throwaway PostgreSQL
 * cluster, then saves PGlite's dump of the data folder's database (brotli), a pg_dump of the other
 * (custom format), and made.json: what was made, with the passkeys' private keys. The fixtures
 * stay what they are when later migrations come: they are what that release left.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import pg from 'pg';
import { databaseDir, openDatabase, ranMigrations } from '../../src/backup/embedded-database.js';
import { approveApp } from '../helpers/idp-app.js';
import type { ListeningServer } from '../helpers/listening.js';
import { PG_BIN, startPostgres } from '../helpers/postgres.js';
import { ORIGIN, PUBLIC_TOKEN } from '../helpers/test-config.js';
import { vestibuleServer } from '../helpers/vestibule-command.js';
import { signUpWithWaysIn } from '../helpers/ways-in.js';
import { FIXTURES, type MadeDatabase, type MadeFixture, madePerson } from './fixture.js';

const COMMIT = '90a13e5';
const SECRET = 'upgrade-fixture-secret-5b1e0c7a9d3f4e2b8c6a1d0e';
const PASSWORD = 'quartz-lantern-orbit-meadow';
const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));

/** The release's server package in a worktree, its dependencies linked to this checkout's. */
function checkOut(): { serverDir: string; remove: () => void } {
  const worktree = mkdtempSync(join(tmpdir(), `vestibule-${COMMIT}-`));
  rmSync(worktree, { recursive: true });
  execFileSync('git', ['worktree', 'add', '--detach', worktree, COMMIT], { cwd: repoRoot, stdio: 'inherit' });
  const modules = join(worktree, 'node_modules');
  mkdirSync(join(modules, '@vestibule'), { recursive: true });
  for (const entry of readdirSync(join(repoRoot, 'node_modules'))) {
    if (entry !== '@vestibule') symlinkSync(join(repoRoot, 'node_modules', entry), join(modules, entry));
  }
  // The workspace's own packages are the release's: the link's relative target read in the worktree.
  for (const name of readdirSync(join(repoRoot, 'node_modules/@vestibule'))) {
    const target = resolve(join(modules, '@vestibule'), readlinkSync(join(repoRoot, 'node_modules/@vestibule', name)));
    if (existsSync(target)) symlinkSync(target, join(modules, '@vestibule', name));
  }
  for (const pkg of ['packages/client', 'packages/react', 'packages/server']) {
    if (existsSync(join(repoRoot, pkg, 'node_modules'))) symlinkSync(join(repoRoot, pkg, 'node_modules'), join(worktree, pkg, 'node_modules'));
  }
  return {
    serverDir: join(worktree, 'packages/server'),
    remove: () => {
      // The links first (rmSync does not follow them), then the worktree.
      rmSync(modules, { recursive: true, force: true });
      execFileSync('git', ['worktree', 'remove', '--force', worktree], { cwd: repoRoot, stdio: 'inherit' });
    },
  };
}

/** The API of a server in another process, as a test's ListeningServer sends to it. */
function remote(port: number): Pick<ListeningServer, 'send'> {
  const send: ListeningServer['send'] = (method, path, body, options = {}) =>
    new Promise((done, fail) => {
      const headers: Record<string, string> = {};
      const token = options.token === undefined ? PUBLIC_TOKEN : options.token;
      if (token !== null) headers['X-Public-Token'] = token;
      if (options.session) headers.Authorization = `Bearer ${options.session}`;
      const payload = options.form ? new URLSearchParams(options.form).toString() : body === undefined ? undefined : JSON.stringify(body);
      if (payload !== undefined) headers['Content-Type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
      const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null, headers: res.headers }));
      });
      req.on('error', fail);
      req.end(payload);
    });
  return { send };
}

/** The release's server started as an operator starts it; resolves once it listens. */
async function startRelease(serverDir: string, env: NodeJS.ProcessEnv): Promise<{ stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  await new Promise<void>((done, fail) => {
    const timer = setInterval(() => {
      if (output.includes('Vestibule API: http://')) {
        clearInterval(timer);
        done();
      }
    }, 100);
    void exited.then(() => {
      clearInterval(timer);
      fail(new Error(`The release's server exited: ${output}`));
    });
  });
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The key, the person, the refresh token and the JWKS, made with the release's code on the database `env` names. */
async function makeState(serverDir: string, env: NodeJS.ProcessEnv, port: number, label: string): Promise<Omit<MadeDatabase, 'migrations'>> {
  const made = await vestibuleServer(['keys', 'create', '--name', 'upgrade-fixture'], env, serverDir);
  const key = /vsk_[\w-]{43}/.exec(made.stdout)?.[0];
  if (!key) throw new Error(`keys create: ${made.stdout}${made.stderr}`);
  const server = await startRelease(serverDir, { ...env, VESTIBULE_API_PORT: String(port) });
  try {
    const s = remote(port);
    const person = await signUpWithWaysIn(s, `upgrade-${label}@example.com`, PASSWORD);
    const keys = await s.send('GET', '/v1/keys', undefined, { session: key, token: null });
    if (keys.status !== 200) throw new Error(`the management key was refused: ${JSON.stringify(keys.body)}`);
    const jwks = await s.send<{ keys: { kid: string }[] }>('GET', '/.well-known/jwks.json', undefined, { token: null });
    const { refresh } = await approveApp(s as ListeningServer, person.session);
    return { person: madePerson(person, ORIGIN), management_key: key, kids: jwks.body.keys.map((jwk) => jwk.kid), refresh_token: refresh };
  } finally {
    await server.stop();
  }
}

async function embedded(serverDir: string): Promise<MadeDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vestibule-upgrade-fixture-'));
  try {
    const state = await makeState(serverDir, { VESTIBULE_DATA_DIR: dataDir, VESTIBULE_SECRET: SECRET }, 7531, 'embedded');
    const { pglite, db } = await openDatabase(databaseDir(dataDir));
    try {
      const migrations = (await ranMigrations(db)) ?? [];
      const tarball = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
      // Brotli with a 16 MB window finds the three copies of the catalogue (template0, template1, postgres): a third of gzip's size.
      const packed = brotliCompressSync(tarball, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: tarball.length },
      });
      writeFileSync(FIXTURES.embedded, packed);
      return { ...state, migrations };
    } finally {
      await db.destroy();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgres(serverDir: string): Promise<MadeDatabase> {
  const cluster = await startPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'vestibule-upgrade-fixture-'));
  try {
    const url = await cluster.createDatabase('vestibule');
    const state = await makeState(serverDir, { DATABASE_URL: url, VESTIBULE_DATA_DIR: dataDir, VESTIBULE_SECRET: SECRET }, 7532, 'postgres');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const migrations = (await client.query<{ name: string }>('select name from vestibule_migrations order by name')).rows.map((row) => row.name);
    await client.end();
    execFileSync(join(PG_BIN, 'pg_dump'), ['--format=custom', `--file=${FIXTURES.postgres}`, url]);
    return { ...state, migrations };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await cluster.stop();
  }
}

const release = checkOut();
try {
  mkdirSync(dirname(FIXTURES.made), { recursive: true });
  const made = { embedded: await embedded(release.serverDir), postgres: await postgres(release.serverDir) };
  const fixture: MadeFixture = {
    commit: execFileSync('git', ['rev-parse', COMMIT], { cwd: repoRoot }).toString().trim(),
    // After everything was made: a test's clock set just after it finds every session and token alive.
    made_at: new Date().toISOString(),
    secret: SECRET,
    ...made,
  };
  writeFileSync(FIXTURES.made, `${JSON.stringify(fixture, null, 2)}\n`);
  console.log(`Made ${FIXTURES.embedded}, ${FIXTURES.postgres} and ${FIXTURES.made} with ${COMMIT}.`);
} finally {
  release.remove();
}
