/**
 * A soak: Vestibule under steady mixed load for minutes on end, to see that it neither grows nor
 * slows. Load comes from this process: session checks (most calls, as on a real site), email
 * passcode sign-ins, password logins and magic links, each as the widget makes them. Every minute
 * it prints the server's resident memory and the p99 of each kind of call; at the end, whether
 * memory after the warm-up stayed within 10% and whether any call failed. The warm-up is five
 * minutes by default: the session cache keeps what it read for five minutes, so its size (most of
 * the memory that grows) settles only then.
 *
 * The server is the built package as `vestibule-server` runs it (bench/server/vestibule.mjs: limits
 * lifted, as all load comes from one address; email into a mailbox it answers over IPC), on a
 * throwaway PostgreSQL (or --database-url, or --embedded).
 *
 * Run: npm run bench:soak [-- --minutes 10] [--warm-up 5] [--callers 8] [--embedded] [--database-url postgres://…] [--no-write]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type PostgresCluster, startPostgres } from '../packages/server/test/helpers/postgres.js';
import { benchDir, children, launch } from './launch.js';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    'warm-up': { type: 'string', default: '5' },
    callers: { type: 'string', default: '8' },
    embedded: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const MINUTES = Number(args.minutes);
const WARM_UP = Number(args['warm-up']);
const CALLERS = Number(args.callers);
const PASSWORD = 'glacier-violin-mango-tundra';
/** What share of the calls each kind is (out of 100): a site's pages check sessions far more often than people sign in. */
const MIX = { check: 85, passcode: 5, password: 5, link: 5 } as const;
type Kind = keyof typeof MIX;

if (!existsSync(join(benchDir, 'node_modules', 'autocannon', 'package.json'))) {
  console.log('Installing bench/server from the npm registry…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefix', benchDir], { stdio: 'inherit' });
}

let cluster: PostgresCluster | undefined;
let databaseUrl = args['database-url'];
if (!args.embedded && !databaseUrl) {
  cluster = await startPostgres();
  databaseUrl = await cluster.createDatabase('vestibule_soak');
}
const dataDir = mkdtempSync(join(tmpdir(), 'vestibule-soak-'));
// It logs as in production: a JSON line per request, into a file (bench/server.ts does the same).
const log = join(dataDir, 'server.log');
const cleanUp = async () => {
  for (const child of children) child.kill('SIGKILL');
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));
const server = await launch(
  'Vestibule',
  'vestibule.mjs',
  {
    CONFIG_FILE: join(root, 'vestibule.config.json'),
    VESTIBULE_DATA_DIR: dataDir,
    VESTIBULE_LOG_FORMAT: 'json',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  openSync(log, 'a'),
);
const rss = () => server.memory();
const mail = async (to: string) => (await server.ask<{ text: string | null }>({ type: 'mail', to })).text ?? '';

// ---- calls as the widget makes them ---------------------------------------------------------------

const base = server.url;
const headers = { 'content-type': 'application/json', 'x-public-token': 'public-token-test-5f3a9c1e-demo' };
let emails = 0;
const uniqueEmail = (label: string) => `${label}-${process.pid}-${++emails}@soak.example.com`;

async function post(path: string, body: unknown, session?: string): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: session ? { ...headers, authorization: `Bearer ${session}` } : headers,
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

async function passcodeSignIn(): Promise<string> {
  const email = uniqueEmail('passcode');
  const sent = await post('/sdk/v1/otps/email/login_or_create', { email });
  const code = /\b(\d{6})\b/.exec(await mail(email))?.[1];
  if (!code) throw new Error(`No passcode emailed to ${email}`);
  return (await post('/sdk/v1/otps/authenticate', { method_id: sent.method_id, code })).session_token;
}

async function linkSignIn(): Promise<string> {
  const email = uniqueEmail('link');
  await post('/sdk/v1/magic_links/email/login_or_create', { email });
  const token = /[?&]token=([\w-]+)/.exec(await mail(email))?.[1];
  if (!token) throw new Error(`No link emailed to ${email}`);
  return (await post('/sdk/v1/magic_links/authenticate', { token })).session_token;
}

// Accounts with a password and sessions to check, made before the clock starts.
const passwordEmails = Array.from({ length: 20 }, () => uniqueEmail('password'));
for (const email of passwordEmails) await post('/sdk/v1/passwords', { email, password: PASSWORD });
const sessions: string[] = [];
for (let i = 0; i < 100; i += 1) sessions.push(await passcodeSignIn());

const calls: Record<Kind, () => Promise<unknown>> = {
  check: () => post('/sdk/v1/sessions/authenticate', {}, sessions[Math.floor(Math.random() * sessions.length)]),
  passcode: async () => sessions.push(await passcodeSignIn()),
  password: () => post('/sdk/v1/passwords/authenticate', { email: passwordEmails[Math.floor(Math.random() * passwordEmails.length)], password: PASSWORD }),
  link: async () => sessions.push(await linkSignIn()),
};
const pick = (): Kind => {
  let roll = Math.random() * 100;
  for (const kind of Object.keys(MIX) as Kind[]) {
    roll -= MIX[kind];
    if (roll < 0) return kind;
  }
  return 'check';
};

// ---- the soak ---------------------------------------------------------------------------------------

interface Minute {
  minute: number;
  rssMb: number;
  calls: number;
  errors: number;
  p99: Record<Kind, number | null>;
}
const fresh = () => ({ latencies: { check: [], passcode: [], password: [], link: [] } as Record<Kind, number[]>, errors: 0, firstError: '' });
let current = fresh();
const minutes: Minute[] = [];
const started = Date.now();
const end = started + MINUTES * 60_000;
/** Sessions kept: a site's sessions come and go; the newest thousand are checked. */
const KEEP_SESSIONS = 1000;

async function caller(): Promise<void> {
  while (Date.now() < end) {
    const kind = pick();
    const at = performance.now();
    try {
      await calls[kind]();
      current.latencies[kind].push(performance.now() - at);
    } catch (error) {
      current.errors += 1;
      current.firstError ||= (error as Error).message;
    }
    if (sessions.length > KEEP_SESSIONS) sessions.splice(0, sessions.length - KEEP_SESSIONS);
  }
}

const p99 = (values: number[]) => (values.length === 0 ? null : values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))]!);
const cell = (ms: number | null) => (ms === null ? '–' : `${ms.toFixed(1)} ms`);
const row = (m: Minute) =>
  `| ${m.minute} | ${m.rssMb.toFixed(0)} MB | ${m.calls} | ${m.errors} | ${cell(m.p99.check)} | ${cell(m.p99.passcode)} | ${cell(m.p99.password)} | ${cell(m.p99.link)} |`;
const HEAD = [
  '| Minute | Resident memory | Calls | Errors | p99 check | p99 passcode sign-in | p99 password login | p99 magic link |',
  '|---|---|---|---|---|---|---|---|',
];
console.log(`Soak: ${MINUTES} minutes, ${CALLERS} callers, ${databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)'}.`);
console.log(HEAD.join('\n'));

/** Closes a minute's record: the calls that ended in it, and the server's memory at its end. */
async function record(): Promise<void> {
  const done = current;
  current = fresh();
  const minute: Minute = {
    minute: minutes.length + 1,
    rssMb: (await rss()) / 1024 / 1024,
    calls: Object.values(done.latencies).reduce((sum, list) => sum + list.length, 0) + done.errors,
    errors: done.errors,
    p99: { check: p99(done.latencies.check), passcode: p99(done.latencies.passcode), password: p99(done.latencies.password), link: p99(done.latencies.link) },
  };
  minutes.push(minute);
  console.log(row(minute) + (done.firstError ? `  first error: ${done.firstError}` : ''));
}

const callers = Promise.all(Array.from({ length: CALLERS }, caller));
for (let minute = 1; minute <= MINUTES; minute += 1) {
  await new Promise((done) => setTimeout(done, started + minute * 60_000 - Date.now()));
  // The last minute counts the calls still under way when the time was up.
  if (minute === MINUTES) await callers;
  await record();
}

// ---- the verdict -------------------------------------------------------------------------------------

const settled = minutes.filter((m) => m.minute > WARM_UP);
const reference = settled[0]?.rssMb ?? 0;
const highest = Math.max(...settled.map((m) => m.rssMb));
const lowest = Math.min(...settled.map((m) => m.rssMb));
const growth = reference ? ((highest - lowest) / reference) * 100 : 0;
const errors = minutes.reduce((sum, m) => sum + m.errors, 0);
const calls_ = minutes.reduce((sum, m) => sum + m.calls, 0);
const logLines = readFileSync(log, 'utf8').split('\n').length - 1;
const verdict = [
  `After the ${WARM_UP}-minute warm-up, resident memory stayed between ${lowest.toFixed(0)} and ${highest.toFixed(0)} MB: a spread of ${growth.toFixed(1)}% of minute ${WARM_UP + 1}'s (${growth <= 10 ? 'within' : 'beyond'} 10%).`,
  `${calls_} calls, ${errors} failed; the server logged ${logLines} JSON lines (a line per request, at info).`,
];
console.log(`\n${verdict.join('\n')}`);
if (!args['no-write']) {
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.versions.node}`;
  const text = [
    '# Soak',
    '',
    `\`npm run bench:soak\` on ${new Date().toISOString().slice(0, 10)}: ${MINUTES} minutes, ${CALLERS} callers, ${databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)'}; ${machine}.`,
    `Calls: ${MIX.check}% session checks, ${MIX.passcode}% email passcode sign-ins, ${MIX.password}% password logins, ${MIX.link}% magic links.`,
    '',
    ...HEAD,
    ...minutes.map(row),
    '',
    ...verdict,
    '',
  ].join('\n');
  writeFileSync(join(root, 'bench', 'results', 'soak.md'), text);
}
await cleanUp();
process.exit(errors === 0 && growth <= 10 ? 0 : 1);
