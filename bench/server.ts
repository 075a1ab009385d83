/**
 * Server speed, side by side in one run on this machine: Vestibule, Better Auth (installed from the
 * npm registry into bench/server, never a dependency of the product) on the same PostgreSQL, and a
 * bare node:http server as the ceiling. Every server is a process of its own; load comes from
 * autocannon (bench/server) in this process, or for two-step sign-ins from a loop of fetch calls.
 *
 * Run: npm run bench:server [-- --embedded] [--seconds 10] [--rounds 2] [--database-url postgres://…] [--no-write]
 *   --embedded      Vestibule on its embedded database (PGlite) instead of PostgreSQL
 *   --database-url  a PostgreSQL server to use (two databases are created on it); else a throwaway one is started
 *   --no-write      print only; by default the table also goes to bench/results/server.md
 *   --only a,b      only these rows (keys: bare, v-check, b-check, v-otp, b-otp, v-link, b-link, v-password, argon2, b-password, flood); implies --no-write
 *
 * The login flood (bench/flood.ts) runs on both databases in every run: Vestibule on the other one
 * is a second process started for it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { hash, verify } from '@node-rs/argon2';
import { loadConfig } from '../packages/server/src/index.js';
import { startPostgres, withConnection } from '../packages/server/test/helpers/postgres.js';
import { floodReport, measureFlood, type AutocannonResult as FloodAutocannonResult, type FloodMeasured } from './flood.js';
import { benchDir, children, type Instance, launch } from './launch.js';
import { postgresCpuMs } from './postgres-cpu.js';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { values: args } = parseArgs({
  options: {
    embedded: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    'database-url': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    only: { type: 'string' },
    'password-connections': { type: 'string', default: '4' },
  },
});
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = 20;
const PASSWORD_CONNECTIONS = Number(args['password-connections']);
const SESSIONS = 200;
const PASSWORD = 'glacier-violin-mango-tundra';

// The comparison's own dependencies live in bench/server, installed from its lock file on first use.
if (!existsSync(join(benchDir, 'node_modules', 'better-auth', 'package.json'))) {
  console.log('Installing bench/server (Better Auth, autocannon) from the npm registry…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefix', benchDir], { stdio: 'inherit' });
}
const benchRequire = createRequire(join(benchDir, 'package.json'));
const autocannon = benchRequire('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult>;
const versionIn = (folder: string) => (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  duration: number;
}

interface Measured {
  rate: number;
  p50: number;
  errors: number;
  /** Calls (or two-step sign-ins) completed. */
  count: number;
  /** CPU milliseconds per call: the server process (all its threads), PostgreSQL (null when not readable) and this process, the load. */
  cpu?: Cpu;
}

interface Cpu {
  server: number | null;
  database: number | null;
  load: number;
}

interface Row {
  key: string;
  label: string;
  server?: Instance;
  note?: string;
  run(): Promise<Measured>;
}

// ---- the servers ------------------------------------------------------------------------------

const database = args['database-url'] ? null : await startPostgres();
const serverUrl = args['database-url'] ?? `postgres://postgres@127.0.0.1:${database!.port}/postgres`;
async function freshDatabase(name: string): Promise<string> {
  await withConnection(serverUrl, async (admin) => {
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}"`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
const postgresVersion = await withConnection(serverUrl, async (admin) => (await admin.query('show server_version')).rows[0].server_version as string);

const dataDir = mkdtempSync(join(tmpdir(), 'vestibule-bench-'));
const configFile = join(root, 'vestibule.config.json');
// Vestibule logs as in production: a JSON line per request (at VESTIBULE_LOG_LEVEL, info unless
// set), into a file, as a log collector's pipe or journald would take them off the terminal.
const logLevel = process.env.VESTIBULE_LOG_LEVEL ?? 'info';
const vestibuleLog = join(dataDir, 'server.log');
const vestibuleEnv = {
  CONFIG_FILE: configFile,
  VESTIBULE_DATA_DIR: dataDir,
  VESTIBULE_LOG_FORMAT: 'json',
  ...(args.embedded ? {} : { DATABASE_URL: await freshDatabase('vestibule_bench') }),
};
/** Vestibule on the other database, for the login flood, which is measured on both. */
const otherDataDir = mkdtempSync(join(tmpdir(), 'vestibule-bench-'));
const otherEnv = {
  CONFIG_FILE: configFile,
  VESTIBULE_DATA_DIR: otherDataDir,
  VESTIBULE_LOG_FORMAT: 'json',
  ...(args.embedded ? { DATABASE_URL: await freshDatabase('vestibule_bench_flood') } : {}),
};
const databaseName = (embedded: boolean) => (embedded ? 'embedded (PGlite)' : 'PostgreSQL');
const betterAuthEnv = { DATABASE_URL: await freshDatabase('better_auth_bench') };

const cleanUp = async () => {
  for (const child of children) child.kill('SIGKILL');
  await database?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(otherDataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

try {
  const bare = await launch('bare node:http', 'bare.mjs', {});
  const vestibule = await launch('Vestibule', 'vestibule.mjs', vestibuleEnv, openSync(vestibuleLog, 'a'));
  const betterAuth = await launch('Better Auth', 'better-auth.mjs', betterAuthEnv);
  const vestibuleOther = await launch(
    `Vestibule (${databaseName(!args.embedded)})`,
    'vestibule.mjs',
    otherEnv,
    openSync(join(otherDataDir, 'server.log'), 'a'),
  );
  const instances = [bare, vestibule, betterAuth, vestibuleOther];

  // ---- calls as a user makes them ---------------------------------------------------------------

  const vestibuleConfig = loadConfig({ file: configFile, env: { VESTIBULE_DATA_DIR: dataDir } });
  const publicToken = vestibuleConfig.project.publicToken;
  const vestibuleHeaders = { 'content-type': 'application/json', 'x-public-token': publicToken };
  const betterAuthHeaders = { 'content-type': 'application/json', origin: betterAuth.url };

  async function post(instance: Instance, path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
    return fetch(`${instance.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  }

  async function expectOk(response: Response, what: string): Promise<any> {
    const text = await response.text();
    if (!response.ok) throw new Error(`${what}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }

  let emailCounter = 0;
  const uniqueEmail = (label: string) => `${label}-${process.pid}-${++emailCounter}@bench.example.com`;
  const mail = async (instance: Instance, to: string) => (await instance.ask<{ text: string | null }>({ type: 'mail', to })).text;

  /** Vestibule: an email passcode asked for and used, as the login widget does. Returns the session token. */
  async function vestibulePasscode(email: string, instance = vestibule): Promise<string> {
    const sent = await expectOk(await post(instance, '/sdk/v1/otps/email/login_or_create', { email }, vestibuleHeaders), 'Vestibule passcode send');
    const code = /\b(\d{6})\b/.exec((await mail(instance, email)) ?? '')?.[1];
    if (!code) throw new Error(`No passcode emailed to ${email}`);
    const session = await expectOk(
      await post(instance, '/sdk/v1/otps/authenticate', { method_id: sent.method_id, code }, vestibuleHeaders),
      'Vestibule passcode use',
    );
    return session.session_token as string;
  }

  /** Better Auth: its email passcode plugin's send and sign-in. */
  async function betterAuthPasscode(email: string): Promise<void> {
    await expectOk(
      await post(betterAuth, '/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' }, betterAuthHeaders),
      'Better Auth passcode send',
    );
    const otp = await mail(betterAuth, email);
    if (!otp) throw new Error(`No Better Auth passcode for ${email}`);
    await expectOk(await post(betterAuth, '/api/auth/sign-in/email-otp', { email, otp }, betterAuthHeaders), 'Better Auth passcode use');
  }

  /** Better Auth: a sign-up; returns the session cookie it sets. */
  async function betterAuthSignUp(email: string): Promise<string> {
    const response = await post(betterAuth, '/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Bench' }, betterAuthHeaders);
    await expectOk(response, 'Better Auth sign-up');
    const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token='));
    if (!cookie) throw new Error('Better Auth set no session cookie.');
    return cookie.split(';')[0]!;
  }

  console.log(`Setting up: ${SESSIONS} sessions on each server, one password user each…`);
  const vestibuleTokens = await Promise.all(Array.from({ length: SESSIONS }, () => vestibulePasscode(uniqueEmail('session'))));
  const betterAuthCookies = await Promise.all(Array.from({ length: SESSIONS }, () => betterAuthSignUp(uniqueEmail('session'))));
  const passwordEmail = uniqueEmail('password');
  await expectOk(await post(vestibule, '/sdk/v1/passwords', { email: passwordEmail, password: PASSWORD }, vestibuleHeaders), 'Vestibule password create');
  await betterAuthSignUp(passwordEmail);
  // Each session checks out once, answered in full, before any load: a count of 2xx alone would not show that.
  for (const token of vestibuleTokens)
    await expectOk(await post(vestibule, '/sdk/v1/sessions/authenticate', {}, { ...vestibuleHeaders, authorization: `Bearer ${token}` }), 'Vestibule check');
  for (const cookie of betterAuthCookies) {
    const body = await expectOk(await fetch(`${betterAuth.url}/api/auth/get-session`, { headers: { cookie } }), 'Better Auth check');
    if (!body?.session) throw new Error('Better Auth get-session answered no session.');
  }
  const memoryBefore = new Map(await Promise.all(instances.map(async (i) => [i.name, await i.memory()] as const)));

  // ---- rows -------------------------------------------------------------------------------------

  /** autocannon at `connections` for the row's seconds; every non-2xx, timeout, error or wrong body counts as an error. */
  async function load(options: Record<string, unknown>): Promise<Measured> {
    const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
    return {
      rate: result.requests.total / result.duration,
      p50: result.latency.p50,
      errors: result.errors + result.timeouts + result.non2xx + result.mismatches,
      count: result.requests.total,
    };
  }

  /**
   * One request per session, each carrying its Authorization or Cookie header: every connection
   * goes through the list in turn. They are built once, before the load: a request rebuilt for each
   * call (autocannon's setupRequest) doubled the load's own CPU per call, which on this machine
   * shares the cores with the server measured.
   */
  function perSession(request: Record<string, unknown>, header: string, values: string[]) {
    return values.map((value) => ({ ...request, headers: { ...(request.headers as Record<string, string> | undefined), [header]: value } }));
  }

  /** Unique addresses in the JSON body, as sign-ups and sends from many people. */
  function uniqueBodies(label: string) {
    return (request: Record<string, unknown>) => ({ ...request, body: JSON.stringify({ email: uniqueEmail(label) }) });
  }

  /** `connections` loops of a two-step sign-in (send, read the mailbox, use) for the row's seconds. */
  async function loop(connections: number, step: () => Promise<unknown>): Promise<Measured> {
    const end = performance.now() + SECONDS * 1000;
    const start = performance.now();
    const times: number[] = [];
    let errors = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          const t = performance.now();
          try {
            await step();
            times.push(performance.now() - t);
          } catch {
            errors++;
          }
        }
      }),
    );
    times.sort((x, y) => x - y);
    return { rate: times.length / ((performance.now() - start) / 1000), p50: times[Math.floor(times.length / 2)] ?? 0, errors, count: times.length };
  }

  const argon2 = vestibuleConfig.argon2;
  const argonLabel = `argon2id m=${argon2.memoryCost} t=${argon2.timeCost} p=${argon2.parallelism}`;
  const scryptLabel = 'scrypt N=16384 r=16 p=1';

  /** How many argon2id verifications per second the machine does at the configured parameters, with the same library, on all cores. */
  async function argon2Rate(): Promise<Measured> {
    const stored = await hash(PASSWORD, { algorithm: 2, memoryCost: argon2.memoryCost, timeCost: argon2.timeCost, parallelism: argon2.parallelism });
    return loop(PASSWORD_CONNECTIONS, () => verify(stored, PASSWORD));
  }

  const checkBody = JSON.stringify({});
  const allRows: Row[] = [
    { key: 'bare', label: 'bare node:http answering a fixed JSON (ceiling)', server: bare, run: () => load({ url: bare.url }) },
    {
      key: 'v-check',
      label: 'Vestibule `POST /sdk/v1/sessions/authenticate`',
      server: vestibule,
      note: `${SESSIONS} sessions in turn`,
      run: () =>
        load({
          url: vestibule.url,
          requests: perSession(
            { method: 'POST', path: '/sdk/v1/sessions/authenticate', headers: vestibuleHeaders, body: checkBody },
            'authorization',
            vestibuleTokens.map((t) => `Bearer ${t}`),
          ),
          verifyBody: (body: string) => body.includes('"session_jwt"'),
        }),
    },
    {
      key: 'b-check',
      label: 'Better Auth `GET /api/auth/get-session` (no cookie cache)',
      server: betterAuth,
      note: `${SESSIONS} sessions in turn`,
      run: () =>
        load({
          url: betterAuth.url,
          requests: perSession({ method: 'GET', path: '/api/auth/get-session' }, 'cookie', betterAuthCookies),
          verifyBody: (body: string) => body.includes('"session"'),
        }),
    },
    {
      key: 'v-otp',
      label: 'Vestibule email passcode: login_or_create, then authenticate',
      server: vestibule,
      note: `new address each, ${CONNECTIONS} loops`,
      run: () => loop(CONNECTIONS, () => vestibulePasscode(uniqueEmail('otp'))),
    },
    {
      key: 'b-otp',
      label: 'Better Auth email passcode: send-verification-otp, then sign-in',
      server: betterAuth,
      note: `new address each, ${CONNECTIONS} loops`,
      run: () => loop(CONNECTIONS, () => betterAuthPasscode(uniqueEmail('otp'))),
    },
    {
      key: 'v-link',
      label: 'Vestibule magic-link send `POST /sdk/v1/magic_links/email/login_or_create`',
      server: vestibule,
      note: 'new address each',
      run: () =>
        load({
          url: vestibule.url,
          requests: [{ method: 'POST', path: '/sdk/v1/magic_links/email/login_or_create', headers: vestibuleHeaders, setupRequest: uniqueBodies('link') }],
        }),
    },
    {
      key: 'b-link',
      label: 'Better Auth magic-link send `POST /api/auth/sign-in/magic-link`',
      server: betterAuth,
      note: 'new address each',
      run: () =>
        load({
          url: betterAuth.url,
          requests: [{ method: 'POST', path: '/api/auth/sign-in/magic-link', headers: betterAuthHeaders, setupRequest: uniqueBodies('link') }],
        }),
    },
    {
      key: 'v-password',
      label: `Vestibule password login (${argonLabel})`,
      server: vestibule,
      note: `${PASSWORD_CONNECTIONS} connections`,
      run: () =>
        load({
          url: vestibule.url,
          connections: PASSWORD_CONNECTIONS,
          requests: [
            {
              method: 'POST',
              path: '/sdk/v1/passwords/authenticate',
              headers: vestibuleHeaders,
              body: JSON.stringify({ email: passwordEmail, password: PASSWORD }),
            },
          ],
          verifyBody: (body: string) => body.includes('"session_token"'),
        }),
    },
    {
      key: 'argon2',
      label: `${argonLabel} verifications alone (what the hash allows)`,
      note: `@node-rs/argon2, ${PASSWORD_CONNECTIONS} at once`,
      run: argon2Rate,
    },
    {
      key: 'b-password',
      label: `Better Auth password login (${scryptLabel})`,
      server: betterAuth,
      note: `${PASSWORD_CONNECTIONS} connections`,
      run: () =>
        load({
          url: betterAuth.url,
          connections: PASSWORD_CONNECTIONS,
          requests: [
            { method: 'POST', path: '/api/auth/sign-in/email', headers: betterAuthHeaders, body: JSON.stringify({ email: passwordEmail, password: PASSWORD }) },
          ],
          verifyBody: (body: string) => body.includes('"token"'),
        }),
    },
  ];

  /** Runs a row, and divides the CPU that the server, PostgreSQL and the load spent meanwhile by the calls it made. */
  async function measureCpu(row: Row): Promise<Measured> {
    // The argon2 row uses no database, and Vestibule on --embedded holds its own (its CPU is the server's).
    const onPostgres = row.server !== undefined && !(args.embedded && row.server === vestibule);
    const databaseCpu = () => (database && onPostgres ? postgresCpuMs(database.dataDir) : null);
    const before = { server: await row.server?.cpuMs(), database: databaseCpu(), load: process.cpuUsage() };
    const measured = await row.run();
    const serverAfter = await row.server?.cpuMs();
    const databaseAfter = databaseCpu();
    const loadUsed = process.cpuUsage(before.load);
    const each = (ms: number) => ms / Math.max(1, measured.count);
    return {
      ...measured,
      cpu: {
        server: serverAfter === undefined || before.server === undefined ? null : each(serverAfter - before.server),
        database: databaseAfter === null || before.database === null ? null : each(databaseAfter - before.database),
        load: each((loadUsed.user + loadUsed.system) / 1000),
      },
    };
  }

  /** The login flood on each database: a session of its own on each, checked alone and during the flood. */
  const floodTargets = [
    { database: databaseName(args.embedded), instance: vestibule, sessionToken: await vestibulePasscode(uniqueEmail('flood')) },
    { database: databaseName(!args.embedded), instance: vestibuleOther, sessionToken: await vestibulePasscode(uniqueEmail('flood'), vestibuleOther) },
  ];
  const floodResults: Array<{ database: string; round: number; measured: FloodMeasured }> = [];

  const only = args.only?.split(',');
  const runFlood = !only || only.includes('flood');
  const rows = only ? allRows.filter((row) => only.includes(row.key)) : allRows;
  const results = new Map<string, Measured[]>(rows.map((row) => [row.key, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const row of rows) {
      process.stdout.write(`round ${round}/${ROUNDS}: ${row.label}… `);
      const measured = await measureCpu(row);
      results.get(row.key)!.push(measured);
      console.log(`${Math.round(measured.rate)}/s, ${measured.errors} errors, CPU ${formatCpu([measured])}`);
    }
    for (const target of runFlood ? floodTargets : []) {
      process.stdout.write(`round ${round}/${ROUNDS}: login flood on ${target.database}… `);
      const measured = await measureFlood(autocannon as unknown as (options: Record<string, unknown>) => Promise<FloodAutocannonResult>, {
        url: target.instance.url,
        headers: vestibuleHeaders,
        sessionToken: target.sessionToken,
        seconds: SECONDS,
      });
      floodResults.push({ database: target.database, round, measured });
      console.log(
        `checks ${Math.round(measured.alone.rate)}/s alone, ${Math.round(measured.during.rate)}/s during (p99 ${measured.during.p99} ms), flood ${Math.round(measured.flood.rate)}/s`,
      );
    }
  }
  const memoryAfter = new Map(await Promise.all(instances.map(async (i) => [i.name, await i.memory()] as const)));
  report({ rows, results, memoryBefore, memoryAfter, flood: floodResults, write: !args['no-write'] && !only });
} finally {
  await cleanUp();
}

// ---- the table --------------------------------------------------------------------------------

/** Mean CPU per call over the rounds, as 'server + PostgreSQL + load ms' ('–' where not measured). */
function formatCpu(measured: Measured[]): string {
  const mean = (part: keyof Cpu) => {
    const values = measured.map((m) => m.cpu?.[part]).filter((v): v is number => typeof v === 'number');
    return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
  };
  const ms = (value: number | null) => (value === null ? '–' : value < 1 ? value.toFixed(3) : value.toFixed(2));
  return `${ms(mean('server'))} + ${ms(mean('database'))} + ${ms(mean('load'))} ms`;
}

interface Report {
  rows: Row[];
  results: Map<string, Measured[]>;
  memoryBefore: Map<string, number>;
  memoryAfter: Map<string, number>;
  flood: Array<{ database: string; round: number; measured: FloodMeasured }>;
  /** Also into bench/results (a whole table only). */
  write: boolean;
}

function report({ rows, results, memoryBefore, memoryAfter, flood, write }: Report): void {
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  const range = (values: number[], digits = 0) => {
    const [low, high] = [Math.min(...values), Math.max(...values)].map((v) => v.toLocaleString('en-US', { maximumFractionDigits: digits }));
    return low === high ? low! : `${low} to ${high}`;
  };
  const errors = (key: string) => results.get(key)!.reduce((sum, m) => sum + m.errors, 0);

  const table = [
    '| row | requests/s | p50 | errors | CPU per call: server + PostgreSQL + load | memory before → after | how |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((row) => {
      const measured = results.get(row.key)!;
      const memory = row.server ? `${mb(memoryBefore.get(row.server.name)!)} → ${mb(memoryAfter.get(row.server.name)!)}` : '';
      return `| ${row.label} | ${range(measured.map((m) => m.rate))} | ${range(
        measured.map((m) => m.p50),
        1,
      )} ms | ${errors(row.key)} | ${formatCpu(measured)} | ${memory} | ${row.note ?? `${CONNECTIONS} connections`} |`;
    }),
  ];

  // Targets compare rows measured in the same round, one after the other, and must hold in every
  // round: the machine's own speed drifts between rounds (the bare server's CPU per call has moved
  // by a fifth from one round to the next), more than the margins the targets ask about.
  const has = (...keys: string[]) => keys.every((key) => results.has(key));
  const targets: Array<[string, string, boolean]> = [];
  const everyRound = (what: string, ours: string, theirs: string, factor: number, wording: (our: number, their: number) => string) => {
    const pairs = results.get(ours)!.map((m, round) => [m.rate, results.get(theirs)![round]!.rate] as const);
    const measured = pairs.map(([our, their], round) => `${pairs.length > 1 ? `round ${round + 1}: ` : ''}${wording(our, their)}`).join('; ');
    targets.push([what, measured, pairs.every(([our, their]) => our >= factor * their)]);
  };
  if (has('v-check', 'b-check')) {
    everyRound(
      `session checks ≥ 10 × Better Auth's`,
      'v-check',
      'b-check',
      10,
      (our, their) => `${Math.round(our)} vs 10 × ${Math.round(their)} = ${Math.round(10 * their)}`,
    );
  }
  if (has('v-check', 'bare')) {
    everyRound(
      'session checks ≥ 1/3 of the bare ceiling',
      'v-check',
      'bare',
      1 / 3,
      (our, their) => `${Math.round(our)} vs ${Math.round(their)} / 3 = ${Math.round(their / 3)}`,
    );
  }
  if (has('v-check')) targets.push(['session checks without an error', `${errors('v-check')} errors`, errors('v-check') === 0]);
  if (has('v-password', 'argon2')) {
    everyRound(
      'password logins ≥ 90% of what argon2id allows',
      'v-password',
      'argon2',
      0.9,
      (our, their) => `${our.toFixed(1)} vs 90% of ${their.toFixed(1)} = ${(0.9 * their).toFixed(1)}`,
    );
  }
  // Every process here shares the same cores, so the hash's share of a login's CPU bounds the login rate.
  const cpuEach = (key: string) => {
    const cpu = results.get(key)!.map((m) => m.cpu!);
    return cpu.reduce((sum, c) => sum + (c.server ?? 0) + (c.database ?? 0) + c.load, 0) / cpu.length;
  };
  const bound = has('v-password', 'argon2')
    ? [
        '',
        `A password login used ${cpuEach('v-password').toFixed(2)} ms of CPU in all its processes, one argon2id verification alone ${cpuEach('argon2').toFixed(2)} ms: ` +
          `with every process on the same cores, logins can reach at most ${Math.round((100 * cpuEach('argon2')) / cpuEach('v-password'))}% of the hash-alone rate here.`,
      ]
    : [];

  const cpu = cpus();
  const machine = [
    `- Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 1024 ** 3)} GB; every server, PostgreSQL and the load share it`,
    `- Node ${process.version}; PostgreSQL ${postgresVersion} (${database ? 'throwaway, started by the benchmark' : 'given'}); Vestibule on ${args.embedded ? 'its embedded database (PGlite)' : 'PostgreSQL'}`,
    `- Vestibule ${versionIn(join(root, 'packages', 'server'))} at ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim()}; Better Auth ${versionIn(join(benchDir, 'node_modules', 'better-auth'))}; autocannon ${versionIn(join(benchDir, 'node_modules', 'autocannon'))}`,
    `- Vestibule logs JSON lines at ${logLevel} into a file, as in production (${readFileSync(vestibuleLog, 'utf8').split('\n').length - 1} lines in this run)`,
    `- ${ROUNDS} rounds of ${SECONDS} s a row; requests/s and p50 give the range over the rounds, errors their sum, CPU the mean per call (per sign-in for two-step rows) over the rounds`,
  ];
  const text = [
    `# Server benchmark (\`npm run bench:server${args.embedded ? ' -- --embedded' : ''}\`), ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...machine,
    '',
    ...table,
    '',
    '| target | measured | met |',
    '|---|---|---|',
    ...targets.map(([what, measured, met]) => `| ${what} | ${measured} | ${met ? 'yes' : '**no**'} |`),
    ...bound,
    ...(flood.length > 0 ? ['', '## Login flood', '', ...floodReport(flood)] : []),
    '',
  ].join('\n');
  console.log(`\n${text}`);
  if (write) {
    const out = join(root, 'bench', 'results', args.embedded ? 'server-embedded.md' : 'server.md');
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(out, text);
    console.log(`Written to ${out.slice(root.length + 1)}`);
  }
}
