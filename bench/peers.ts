/**
 * The peers' sign-in components, built and measured beside ours in the same run (issue 32): each
 * peer's published package, installed from bench/peers/package-lock.json into bench/peers (never a
 * dependency of the product), bundled from an entry in bench/peers/entries/ written as its docs
 * show a host rendering it, with the same bundlers and flags as our login mount (bench/host/).
 *
 * `peerSizes` gives the initial gzip bytes, React external as for ours (for the web components,
 * which bring their own Preact, it changes nothing). `peerPages` builds, React bundled, a page for
 * each peer that paints its sign-in form with no cloud service reachable, for the first-paint
 * benchmark.
 *
 * Run: node --conditions=source --import tsx bench/peers.ts
 *   prints the sizes with esbuild and Vite, and checks in headless Chromium, every request off this
 *   machine refused, which peers paint an email field without their cloud.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { launchBrowser, servePage } from './first-paint/measure.js';
import { BUNDLERS, type Bundler, buildEntry, writePage } from './host/build.js';
import { kb, table } from './markdown.js';

export const PEERS_DIR = resolve(import.meta.dirname, 'peers');

export interface Peer {
  name: string;
  /** The package whose sign-in component the entry renders (its version is reported). */
  package: string;
  /** The entry in bench/peers. */
  entry: string;
  /**
   * Whether it paints its sign-in form with no cloud service reachable (running this file checks
   * it, with every request off the machine refused).
   * - Stytch (both packages) paints from the config it is given: its bootstrap and event calls to
   *   test.stytch.com are refused and it logs "Unable to contact our servers", but the form does not
   *   wait for them (also checked with those requests left hanging instead of refused).
   * - Supabase and Amplify make no request before their form paints.
   * - Hanko does not: <hanko-auth> shows a spinner until Hanko's API answers POST /login (the login
   *   flow's first states carry the form's fields), then "A technical error has occurred". Answering
   *   it locally would mean forging Hanko's flow protocol, and its paint would still wait on that
   *   round trip; it is measured for size only.
   */
  paintsWithoutCloud: boolean;
}

export const PEERS: readonly Peer[] = [
  { name: 'Stytch', package: '@stytch/vanilla-js', entry: 'entries/stytch.js', paintsWithoutCloud: true },
  { name: 'Stytch (React)', package: '@stytch/react', entry: 'entries/stytch-react.js', paintsWithoutCloud: true },
  { name: 'Hanko', package: '@teamhanko/hanko-elements', entry: 'entries/hanko.js', paintsWithoutCloud: false },
  { name: 'Supabase', package: '@supabase/auth-ui-react', entry: 'entries/supabase.js', paintsWithoutCloud: true },
  { name: 'Amplify', package: '@aws-amplify/ui-react', entry: 'entries/amplify.js', paintsWithoutCloud: true },
];

/** Installs bench/peers from its lock file when a peer's package is missing. */
export function installPeers(): void {
  if (PEERS.every((peer) => existsSync(join(PEERS_DIR, 'node_modules', peer.package, 'package.json')))) return;
  console.log('Installing bench/peers (the peers’ sign-in components) from the npm registry…');
  // Their code runs in the browser: supabase-js's engines field (Node 22) is no reason to refuse the
  // install on this repository's Node 20, whatever an .npmrc says. Warnings (that one, peer ranges
  // inside Amplify's tree) are left out of the benchmark's output.
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--engine-strict=false', '--loglevel=error', '--prefix', PEERS_DIR], { stdio: 'inherit' });
}

const installedVersion = (name: string) =>
  (JSON.parse(readFileSync(join(PEERS_DIR, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

export interface PeerSize {
  peer: string;
  /** name@version as installed. */
  package: string;
  /** Gzipped bytes (level 9) of what the entry loads before anything lazy, CSS included, React external. */
  bytes: number;
}

/** Each peer built with `bundler`, React external, into `work` (a scratch folder): its initial size. */
export async function peerSizes(bundler: Bundler, work: string): Promise<PeerSize[]> {
  installPeers();
  const rows: PeerSize[] = [];
  for (const peer of PEERS) {
    const { bytes } = await buildEntry(bundler, PEERS_DIR, peer.entry, { reactExternal: true, outDir: join(work, `size-${bundler}-${slug(peer)}`) });
    rows.push({ peer: peer.name, package: `${peer.package}@${installedVersion(peer.package)}`, bytes });
  }
  return rows;
}

export interface PeerPage {
  name: string;
  /** A folder to serve: index.html with one <div id="widget">, its styles and the entry; `benchMount` mounts. */
  outDir: string;
}

/**
 * Each peer built with `bundler`, React bundled, into a page of its own in `work`. `only` (default:
 * those marked to paint without their cloud) picks the peers. Serve the pages with every request
 * off the machine refused: nothing of theirs needs their cloud to paint, and nothing goes there.
 */
export async function peerPages(bundler: Bundler, work: string, only: readonly Peer[] = PEERS.filter((peer) => peer.paintsWithoutCloud)): Promise<PeerPage[]> {
  installPeers();
  const pages: PeerPage[] = [];
  for (const peer of only) {
    const built = await buildEntry(bundler, PEERS_DIR, peer.entry, { reactExternal: false, outDir: join(work, `page-${bundler}-${slug(peer)}`) });
    writePage(built, '<div id="widget"></div>');
    pages.push({ name: peer.name, outDir: built.outDir });
  }
  return pages;
}

const slug = (peer: Peer) => peer.entry.replace(/^entries\/|\.js$/g, '');

/**
 * An email field a peer's sign-in form paints (Amplify's is type=email named username); Playwright's
 * CSS selectors look into open shadow roots too.
 */
export const EMAIL_FIELD = 'input[type="email"], input[name="email"], input[autocomplete~="email"], input[autocomplete~="username"]';

/**
 * Whether the page paints an email field within `timeoutMs` of `benchMount`, every request off this
 * machine refused, in a fresh context.
 */
export async function paintsWithoutCloud(browser: Browser, outDir: string, timeoutMs = 10_000): Promise<boolean> {
  const served = await servePage(outDir);
  const { origin } = new URL(served.url);
  const context = await browser.newContext();
  try {
    await context.route('**/*', (route) => (route.request().url().startsWith(`${origin}/`) ? route.continue() : route.abort()));
    const page = await context.newPage();
    await page.goto(served.url);
    await page.evaluate(() => (window as unknown as { benchMount(element: Element): void }).benchMount(document.getElementById('widget')!));
    return await page
      .locator(EMAIL_FIELD)
      .first()
      .waitFor({ state: 'visible', timeout: timeoutMs })
      .then(() => true)
      .catch(() => false);
  } finally {
    await context.close();
    await served.close();
  }
}

// Run as a script, not when imported by the benchmark.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const work = mkdtempSync(join(tmpdir(), 'vestibule-bench-peers-'));
  try {
    const sizes: PeerSize[][] = [];
    for (const bundler of BUNDLERS) sizes.push(await peerSizes(bundler, work));
    const browser = await launchBrowser();
    const paints: boolean[] = [];
    try {
      for (const page of await peerPages('vite', work, PEERS)) paints.push(await paintsWithoutCloud(browser, page.outDir));
    } finally {
      await browser.close();
    }
    console.log('\nThe peers’ sign-in components, initial JS+CSS gzipped (level 9), React external; first paint checked with Vite’s build, React bundled');
    console.log(
      table(
        ['peer', 'package', ...BUNDLERS.map((bundler) => `${bundler} initial`), 'paints without its cloud'],
        PEERS.map((peer, index) => [peer.name, sizes[0]![index]!.package, ...sizes.map((rows) => kb(rows[index]!.bytes)), paints[index] ? 'yes' : 'no']),
      ),
    );
    const wrong = PEERS.filter((peer, index) => peer.paintsWithoutCloud !== paints[index]);
    if (wrong.length) {
      console.error(`\nPEERS in bench/peers.ts says otherwise for ${wrong.map((peer) => peer.name).join(', ')}: update paintsWithoutCloud.`);
      process.exitCode = 1;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
