/**
 * First paint (issue 32): the time from the mount call to the email field painted, in headless
 * Chromium, for the login mount built the host's way (the packed tarballs bundled with React), the
 * one script, and the floor (a plain React form with one email input and one button, bundled the same
 * way), with and without the CPU slowed 4x; a caller's pages (the peers') are timed in the same runs,
 * and each login's first screen as markup and styles alone (first-paint/markup-only.ts).
 * The issue's target: the login mount within 1.2x the floor's time for every configuration, at both
 * throttles. Also what the login mount's scripts run of what they load before the paint (coverage).
 *
 * Run: node --conditions=source --import tsx bench/first-paint.ts [--runs 21] [--bundler esbuild|vite] [--app <folder>] [--no-peers] [--no-write]
 *   --runs      runs (each page once per run and throttle); the tables show medians
 *   --bundler   how every page is built (default esbuild: --bundle --splitting --format=esm --minify)
 *   --app       a host app installHost made before (its tarballs as they were), instead of packing anew
 *   --no-peers  our pages and the floor only (the peers come from bench/peers.ts)
 *   --no-write  print only; by default the tables also go to bench/results/first-paint.md
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { coverageBeforePaint, type FileCoverage } from './first-paint/coverage.js';
import { launchBrowser, measureFirstPaint } from './first-paint/measure.js';
import { markupOnlyPages } from './first-paint/markup-only.js';
import { FLOOR, ourPages, type PaintPage, TARGETED } from './first-paint/pages.js';
import { coverageTable, paintTable, type Summary, summarize, TARGET_RATIO } from './first-paint/report.js';
import { BUNDLERS, type Bundler, installHost, REPO } from './host/build.js';
import { peerPages } from './peers.js';

export type { PaintPage } from './first-paint/pages.js';

/** Without throttling, and with the CPU slowed 4x (a mid-range phone's, roughly). */
export const THROTTLES = [1, 4];

export interface FirstPaintOptions {
  /** Runs per page and throttle (at least 20 for the medians). */
  runs: number;
  bundler: Bundler;
  /** A scratch folder for the built pages (and the host app, when `app` is not given). */
  work: string;
  /** A host app installHost made; packed and installed anew into `work` when absent. */
  app?: string;
  /** Hears after each run. */
  progress?: (run: number) => void;
}

export interface FirstPaintResult {
  summaries: Summary[];
  /** What each login page and the floor ran of what they loaded, by the paint. */
  coverage: { page: string; files: FileCoverage[]; error?: string }[];
  chromium: string;
  /** The tables with the machine they were measured on, as bench/results/first-paint.md holds them. */
  markdown: string;
}

/**
 * Builds our pages and the floor, times them and `extraPages` (each a folder whose index.html loads
 * an entry defining `window.benchMount`) interleaved, and traces the login pages' coverage.
 */
export async function firstPaint(extraPages: PaintPage[], options: FirstPaintOptions): Promise<FirstPaintResult> {
  const app = options.app ?? installHost(join(options.work, 'host'));
  const ours = await ourPages(app, options.bundler, join(options.work, 'pages'));
  const snapshots = await launchBrowser();
  let markupOnly: PaintPage[];
  try {
    const logins = ours.filter((page) => TARGETED.includes(page.name));
    markupOnly = await markupOnlyPages(snapshots, logins, app, options.bundler, join(options.work, 'pages'));
  } finally {
    await snapshots.close();
  }
  const pages = [...ours, ...markupOnly, ...extraPages];
  const summaries = (await measureFirstPaint(pages, options.runs, THROTTLES, options.progress)).map(summarize);

  const browser = await launchBrowser();
  const chromium = browser.version();
  const coverage: FirstPaintResult['coverage'] = [];
  try {
    for (const page of pages.filter((page) => page.name === FLOOR || TARGETED.includes(page.name))) {
      coverage.push({ page: page.name, ...(await coverageBeforePaint(browser, page.outDir)) });
    }
  } finally {
    await browser.close();
  }

  const floorFiles = coverage.find(({ page }) => page === FLOOR)?.files;
  const cpu = cpus();
  const markdown = [
    '# First paint',
    '',
    `\`bench/first-paint.ts\` on ${new Date().toISOString().slice(0, 10)}: ${options.runs} runs, every page built with ${options.bundler} (React bundled) from the packed tarballs; headless Chromium ${chromium}; ${cpu.length} cores (${cpu[0]?.model.trim()}), Node ${process.versions.node}.`,
    '',
    'From the call to `benchMount(element)` to the email field painted: the frame that first draws it has been rendered (bench/first-paint/in-page.js). ' +
      'A fresh browser context for each measurement, every page once per run in an order rotated from run to run; the host page has painted text before the mount; ' +
      "the widget's bootstrap call is held unanswered through the paint, as on a first visit. " +
      `Target (issue 32): the login mount within ${TARGET_RATIO}x the floor, every configuration, both throttles. ` +
      "A login's row 'markup and styles only' is its first screen as it painted (markup and stylesheet copied from the page) mounted by React with none of the widget's code: " +
      'what the screen itself costs to style, lay out and paint over the unstyled floor (bench/first-paint/markup-only.ts). The login less that row is what its code costs.',
    ...THROTTLES.flatMap((throttle) => [
      '',
      throttle === 1 ? '## No throttling' : `## CPU slowed ${throttle}x`,
      '',
      paintTable(summaries, throttle, FLOOR, TARGETED),
    ]),
    '',
    "## What the scripts ran before the field painted (one run, no throttling; V8's block coverage, minified bytes)",
    '',
    "Each page's script files, by what did not run. The floor's is React's own first render; a login page's last row is its total less the floor's.",
    ...coverage.flatMap(({ page, files, error }) => [
      '',
      `### ${page}`,
      '',
      ...(error ? [`No email field painted (${error}): what ran until the benchmark gave up.`, ''] : []),
      coverageTable(files, page === FLOOR ? undefined : floorFiles),
    ]),
    '',
  ].join('\n');
  return { summaries, coverage, chromium, markdown };
}

// Run as a script, not when imported by the benchmark.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: {
      runs: { type: 'string', default: '21' },
      bundler: { type: 'string', default: 'esbuild' },
      app: { type: 'string' },
      'no-peers': { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
    },
  });
  const bundler = args.bundler as Bundler;
  if (!BUNDLERS.includes(bundler)) throw new Error(`--bundler is one of ${BUNDLERS.join(', ')}`);
  const runs = Number(args.runs);
  const work = mkdtempSync(join(tmpdir(), 'vestibule-first-paint-'));
  try {
    const peers = args['no-peers'] ? [] : await peerPages(bundler, join(work, 'peers'));
    const { markdown } = await firstPaint(peers, { runs, bundler, work, app: args.app, progress: (run) => console.error(`run ${run}/${runs}`) });
    console.log(markdown);
    if (!args['no-write']) writeFileSync(join(REPO, 'bench/results/first-paint.md'), markdown);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
