/**
 * Size benchmark: the gzipped bytes each mount needs before it can show.
 *
 * The React mounts are measured the way a host builds them: the packed tarballs installed into a
 * scratch app (bench/host/), bundled with esbuild and with Vite, React external; what the entry
 * loads before anything lazy counts, CSS included. The one script (React bundled) and the
 * operators' console are read from the Vite manifests of their own builds.
 *
 *   npm run bench          prints the tables, and writes ours and the peers' to bench/results/size.md
 *   npm run bench:check    also fails when the login mount, the account mount or the one script is over its budget (used by npm test)
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execSync } from 'node:child_process';
import { BUNDLERS, buildEntry, gzipBytes, installHost, viteInitialFiles, writeEntry } from './host/build.js';
import type { Manifest } from 'vite';
import { ACCOUNT_ENTRY, CONFIGS, loginEntry } from './host/entries.js';
import { kb, table } from './markdown.js';
import { peerSizes } from './peers.js';

const DIST = 'packages/react/dist';
const ONE_SCRIPT_DIST = join(DIST, 'vanilla');
/** The operators' console (packages/console), React bundled: measured, with no budget. */
const CONSOLE_DIST = 'packages/console/dist';
/**
 * The login mount's initial JS+CSS, gzipped, React external, with every method configured, built
 * the host's way with each bundler: issue 32's budget.
 */
const LOGIN_BUDGET_BYTES = 20 * 1000;
/** The account mount's initial JS+CSS, the host's way: it keeps the page from growing unnoticed. */
const ACCOUNT_BUDGET_BYTES = 20 * 1000;
/** The issue's budget for the one script (dist/vanilla/vestibule.js) before anything lazy, React included. */
const ONE_SCRIPT_BUDGET_BYTES = 90 * 1000;
const gzipped = (dir: string, file: string) => gzipBytes(join(dir, file));

function report(manifestDir: string, label: string, rows: string[][], lazyRows: string[][]): Map<string, number> {
  const manifestPath = join(manifestDir, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const totals = new Map<string, number>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    const files = viteInitialFiles(manifest, key);
    const bytes = [...files].reduce((sum, file) => sum + gzipped(manifestDir, file), 0);
    const name = chunk.name ?? key;
    totals.set(name, bytes);
    rows.push([`${label}${name}`, kb(bytes), String(files.size)]);
    // Lazy chunks of the entry and of every chunk it loads up front.
    const lazyKeys = new Set(
      Object.entries(manifest)
        .filter(([, c]) => files.has(c.file))
        .flatMap(([, c]) => c.dynamicImports ?? []),
    );
    for (const lazyKey of lazyKeys) {
      const lazy = [...viteInitialFiles(manifest, lazyKey)].filter((file) => !files.has(file));
      const lazyBytes = lazy.reduce((sum, file) => sum + gzipped(manifestDir, file), 0);
      lazyRows.push([`${label}${name}`, manifest[lazyKey]?.name ?? lazyKey, kb(lazyBytes)]);
    }
  }
  return totals;
}

if (!existsSync(join(ONE_SCRIPT_DIST, '.vite/manifest.json'))) {
  console.log('Building the widget package first...');
  execSync('npm run build -w @vestibule/contract -w @vestibule/client -w @vestibule/react', { stdio: 'inherit' });
}
if (!existsSync(join(CONSOLE_DIST, '.vite/manifest.json'))) {
  console.log('Building the console first...');
  execSync('npm run build -w @vestibule/console', { stdio: 'inherit' });
}

// The host's way: the tarballs in a scratch app, each mount's entry built by each bundler.
const work = join(tmpdir(), 'vestibule-bench-size');
const app = installHost(work);
const hostEntries: [string, string][] = [
  ...Object.entries(CONFIGS).map(([name, config]): [string, string] => [`login, ${name}`, loginEntry(config)]),
  ['account', ACCOUNT_ENTRY],
];
const hostRows: string[][] = [];
const hostLazyRows: string[][] = [];
/** The largest initial size of each mount over the bundlers. */
const hostTotals = new Map<string, number>();
for (const [index, [name, source]] of hostEntries.entries()) {
  const entry = writeEntry(app, `entry-${index}.js`, source);
  const sizes = [];
  for (const bundler of BUNDLERS) {
    const outDir = join(work, `out-${bundler}-${index}`);
    const initial = await buildEntry(bundler, app, entry, { reactExternal: true, outDir });
    sizes.push(kb(initial.bytes));
    hostTotals.set(name, Math.max(hostTotals.get(name) ?? 0, initial.bytes));
    if (bundler === 'esbuild') {
      const lazy = (readdirSync(outDir) as string[]).filter((file) => file.endsWith('.js') && !initial.files.includes(file));
      const lazyBytes = lazy.reduce((sum, file) => sum + gzipBytes(join(outDir, file)), 0);
      hostLazyRows.push([name, String(lazy.length), kb(lazyBytes)]);
    }
  }
  hostRows.push([name, ...sizes]);
}
// The peers' sign-in components, built the same way in the same run (bench/peers.ts); the budget
// check in `npm test` has no need of them.
const checking = process.argv.includes('--check');
const peerRows = new Map<string, string[]>();
for (const bundler of checking ? [] : BUNDLERS) {
  for (const size of await peerSizes(bundler, work)) {
    const row = peerRows.get(size.package) ?? [size.peer, size.package];
    peerRows.set(size.package, [...row, kb(size.bytes)]);
  }
}

const rows: string[][] = [];
const lazyRows: string[][] = [];
const vanillaTotals = report(ONE_SCRIPT_DIST, 'the one script (React bundled): ', rows, lazyRows);

console.log("\nThe React mounts built the host's way (packed tarballs), initial JS+CSS gzipped (level 9), React external");
console.log(table(['mount', ...BUNDLERS.map((bundler) => `${bundler} initial`)], hostRows));
if (!checking) {
  const peerTable = table(['peer', 'package', ...BUNDLERS.map((bundler) => `${bundler} initial`)], [...peerRows.values()]);
  console.log('\nThe peers, built the same way (React external), initial JS+CSS gzipped');
  console.log(peerTable);
  // The last run's sizes beside the peers', with what they were measured with, for the README.
  const version = (name: string) => (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;
  const results = [
    '# Size',
    '',
    `\`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: the packed tarballs installed into a scratch app, each entry bundled with esbuild ${version('esbuild')} (\`--bundle --splitting --format=esm --minify\`) and Vite ${version('vite')}; what the entry loads before anything lazy, JS and CSS, gzip level 9, React external. Node ${process.versions.node}.`,
    '',
    '## Ours',
    '',
    table(['mount', ...BUNDLERS.map((bundler) => `${bundler} initial`)], hostRows),
    '',
    '## The peers, built the same way',
    '',
    peerTable,
    '',
  ].join('\n');
  writeFileSync('bench/results/size.md', results);
}
console.log('\nWhat they load later, when a screen needs it (esbuild)');
console.log(table(['mount', 'lazy files', 'gzipped in all'], hostLazyRows));
console.log('\nThe one script, initial JS+CSS gzipped, React bundled');
console.log(table(['entry', 'initial gzipped', 'files'], rows));
console.log('\nIts lazily loaded chunks (loaded only when a screen needs them)');
console.log(lazyRows.length ? table(['entry', 'chunk', 'gzipped'], lazyRows) : '(none)');
const consoleRows: string[][] = [];
const consoleLazyRows: string[][] = [];
report(CONSOLE_DIST, 'console: ', consoleRows, consoleLazyRows);
console.log("\nThe operators' console (/console), initial JS+CSS gzipped, React bundled (no budget)");
console.log(table(['entry', 'initial gzipped', 'files'], consoleRows));
console.log("\nThe console's lazily loaded chunks (the login widget when signing in, the chart on Sign-ins)");
console.log(table(['entry', 'chunk', 'gzipped'], consoleLazyRows));

/**
 * The browser bundles import the wire contract as types only: the schemas (zod) stay on the server.
 * Any built file that carries zod's own class names means a runtime import slipped in.
 */
const SCHEMA_LIBRARY_MARKERS = ['ZodError', '$ZodType', 'ZodObject'];
const builtFiles = [DIST, CONSOLE_DIST].flatMap((dir) =>
  (readdirSync(dir, { recursive: true }) as string[]).filter((file) => /\.m?js$/.test(file)).map((file) => join(dir, file)),
);
const withSchemas = builtFiles.filter((file) => SCHEMA_LIBRARY_MARKERS.some((marker) => readFileSync(file, 'utf8').includes(marker)));
console.log(
  `\nSchema library in the browser bundles: ${withSchemas.length ? `FOUND in ${withSchemas.join(', ')}` : `none (${builtFiles.length} files checked)`}`,
);

const login = hostTotals.get('login, all seven methods');
const account = hostTotals.get('account');
const oneScript = vanillaTotals.get('vestibule');
console.log(
  `\nBudget: login mount (every method, the host's way, either bundler) initial JS+CSS at most ${kb(LOGIN_BUDGET_BYTES)}: ${login === undefined ? 'no login entry found' : `${kb(login)} (${login} bytes)`}`,
);
console.log(
  `Budget: account mount (the host's way, either bundler) initial JS+CSS at most ${kb(ACCOUNT_BUDGET_BYTES)}: ${account === undefined ? 'no account entry found' : `${kb(account)} (${account} bytes)`}`,
);
console.log(
  `Budget: the one script (vestibule.js, React included) before anything lazy at most ${kb(ONE_SCRIPT_BUDGET_BYTES)}: ${oneScript === undefined ? 'not built' : kb(oneScript)}`,
);
if (checking) {
  const checks = [
    login === undefined || login > LOGIN_BUDGET_BYTES ? 'the login mount is over its size budget (or was not built)' : null,
    account === undefined || account > ACCOUNT_BUDGET_BYTES ? 'the account mount is over its size budget (or was not built)' : null,
    oneScript === undefined || oneScript > ONE_SCRIPT_BUDGET_BYTES ? 'the one script is over its size budget (or was not built)' : null,
    withSchemas.length ? 'a browser bundle carries the schema library (import the contract as types only)' : null,
  ];
  const failed = checks.filter(Boolean);
  for (const failure of failed) console.error(`FAIL: ${failure}.`);
  console.log(`size budget: ${checks.length - failed.length} passed, ${failed.length} failed`);
  if (failed.length) process.exit(1);
}
