/**
 * What a page's scripts execute before its email field paints, per file: V8's block coverage
 * (Playwright's page.coverage) from the page's load to the paint, one run, not timed (coverage
 * slows the scripts down). It tells what the first screen loads and never runs: what to make lazy.
 */
import type { Browser } from '@playwright/test';
import { inFreshContext, servePage, timeMount } from './measure.js';

export interface FileCoverage {
  /** The script's path on the page's origin. */
  file: string;
  /** Its characters (minified JavaScript: bytes), and of those, the ones that ran. */
  loaded: number;
  executed: number;
}

interface Range {
  startOffset: number;
  endOffset: number;
  count: number;
}

/**
 * Characters covered by a range that ran. V8's ranges nest (a function, then its blocks that did not
 * run); applied outermost first, an inner range overrides its parent.
 */
function executedCharacters(length: number, functions: { ranges: Range[] }[]): number {
  const ran = new Uint8Array(length);
  const ranges = functions.flatMap((fn) => fn.ranges).sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  for (const range of ranges) ran.fill(range.count > 0 ? 1 : 0, range.startOffset, range.endOffset);
  return ran.reduce((sum, bit) => sum + bit, 0);
}

/**
 * The page in `outDir` loaded and mounted once: each of its script files, what ran of it by the
 * paint; or by the time the timer gave up, and why (`error`).
 */
export async function coverageBeforePaint(browser: Browser, outDir: string): Promise<{ files: FileCoverage[]; error?: string }> {
  const served = await servePage(outDir);
  const origin = new URL(served.url).origin;
  try {
    return await inFreshContext(
      browser,
      served.url,
      1,
      async (page) => {
        const { error } = await timeMount(page);
        const files = (await page.coverage.stopJSCoverage())
          .filter((entry) => entry.url.startsWith(`${origin}/`) && entry.source)
          .map((entry) => ({
            file: new URL(entry.url).pathname,
            loaded: entry.source!.length,
            executed: executedCharacters(entry.source!.length, entry.functions),
          }));
        return { files, error };
      },
      (page) => page.coverage.startJSCoverage({ resetOnNavigation: false }),
    );
  } finally {
    await served.close();
  }
}
