/**
 * Times pages from the mount call to the email field painted (bench/first-paint/in-page.js) in
 * headless Chromium: a fresh browser context for every measurement, every page once per run in an
 * order rotated from run to run, so a machine that slows down or speeds up meanwhile weighs on every
 * page alike.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import sirv from 'sirv';
import type { PaintPage } from './pages.js';

const IN_PAGE = join(import.meta.dirname, 'in-page.js');

/** One measurement: milliseconds from the mount call, or why there is none. */
export interface PaintRun {
  inDom?: number;
  painted?: number;
  error?: string;
}

/** Debian's Chromium, as the browser tests use it; no request leaves the machine (peers try their clouds). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
}

export interface Served {
  /** The page's address: the API the widget is given answers nothing, as a slow network (see below). */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `outDir` at the root of an origin of its own (the peers' pages load `/main.js`). Under
 * `/held-api/` requests are held unanswered: the widget's bootstrap call is in flight through the
 * first paint, as on a first visit over any real network, rather than failing at once (and drawing
 * its failure) as an address that refuses would.
 */
export async function servePage(outDir: string): Promise<Served> {
  const files = sirv(outDir);
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/held-api/')) return;
    files(request, response, () => {
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/?api=${encodeURIComponent(`${origin}/held-api`)}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((closed) => server.close(() => closed()));
    },
  };
}

/**
 * Opens `url` in a fresh context, with the CPU slowed `throttle` times once it has loaded (loading is
 * not timed), and runs `during` on the page; the context is closed after.
 */
export async function inFreshContext<T>(
  browser: Browser,
  url: string,
  throttle: number,
  during: (page: Page) => Promise<T>,
  before?: (page: Page) => Promise<void>,
): Promise<T> {
  const context = await browser.newContext();
  try {
    await context.addInitScript({ path: IN_PAGE });
    const page = await context.newPage();
    await before?.(page);
    await page.goto(url, { waitUntil: 'load' });
    if (throttle !== 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
    return await during(page);
  } finally {
    await context.close();
  }
}

/** Times the mount on `page` (which has loaded); errors the page threw are named when no field painted. */
export async function timeMount(page: Page): Promise<PaintRun> {
  const thrown: string[] = [];
  page.on('pageerror', (error) => thrown.push(error.message));
  const run = (await page.evaluate('window.benchFirstPaint()')) as PaintRun;
  if (run.error && thrown.length) run.error += `; the page threw: ${thrown.join('; ')}`;
  return run;
}

export interface Measured {
  page: string;
  throttle: number;
  runs: PaintRun[];
}

/**
 * `runs` runs; in each, every page once at every throttle, in an order rotated per run. A page that
 * painted no email field in the first run is not measured again (each try waits for the in-page
 * timer to give up); its row says why. `progress` hears after each run.
 */
export async function measureFirstPaint(pages: PaintPage[], runs: number, throttles: number[], progress?: (run: number) => void): Promise<Measured[]> {
  const served = await Promise.all(pages.map((page) => servePage(page.outDir)));
  const browser = await launchBrowser();
  const measured = throttles.flatMap((throttle) => pages.map((page) => ({ page: page.name, throttle, runs: [] as PaintRun[] })));
  try {
    for (let run = 0; run < runs; run++) {
      for (const [throttleIndex, throttle] of throttles.entries()) {
        for (let step = 0; step < pages.length; step++) {
          const index = (run + step) % pages.length;
          if (run > 0 && !measured.some((row) => row.page === pages[index]!.name && row.runs.some((tried) => tried.painted !== undefined))) continue;
          const result = await inFreshContext(browser, served[index]!.url, throttle, timeMount);
          measured[throttleIndex * pages.length + index]!.runs.push(result);
        }
      }
      progress?.(run + 1);
    }
  } finally {
    await browser.close();
    await Promise.all(served.map((server) => server.close()));
  }
  return measured;
}
