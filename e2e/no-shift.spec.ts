import type { Page } from '@playwright/test';
import { bootstrapRoutes } from '@vestibule/contract';
import { CONFIGS } from '../bench/host/entries';
import { expect, test } from './support/fixtures';

/**
 * Issue 32, no shift: once the bootstrap has answered and the lazy parts have loaded, the login
 * widget is as tall as it was when it first painted, and nothing on the page has moved since; on a
 * first visit (nothing cached: it paints from the defaults, keeping room for the watermark and
 * every method's buttons) and on a return visit (the cached bootstrap). The configurations are the
 * benchmarks' (bench/host/entries.ts): the default and all seven methods.
 */

const configUrl = (config: object) => `/?config=${encodeURIComponent(JSON.stringify(config))}`;
/** The bootstrap answers this late, after the widget's first paint, as on a slow network. */
const BOOTSTRAP_DELAY_MS = 400;

/** The widget at one moment: ms since the page's start, its height, and the heights of its parts by path. */
interface Sample {
  at: number;
  height: number;
  parts: Record<string, number>;
}
interface Recorded {
  /** When the widget first painted with a height; then every change of its height. */
  first?: Sample;
  changes: Sample[];
  /** Layout shifts on the page after the widget's first frame, and what moved. */
  shifts: { at: number; value: number; moved: string[] }[];
  /** Responses that ended after the widget's first paint (path, ms after it). */
  later: { path: string; after: number }[];
}

/**
 * Runs in the page before its scripts: watches the first `.vestibule` (and any that replaces it)
 * with a ResizeObserver, whose first call comes in the frame that first lays it out, before that
 * frame is painted; the parts are its children and theirs.
 */
function recordWidget() {
  interface LayoutShift extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources: { node?: Node | null }[];
  }
  const record: Recorded & { firstFrameDone?: number } = { changes: [], shifts: [], later: [] };
  (window as unknown as { widgetRecord: typeof record }).widgetRecord = record;
  const nameOf = (node: Node) => {
    if (!(node instanceof Element)) return node.nodeName.toLowerCase();
    const screen = node.getAttribute('data-screen');
    return `${node.tagName.toLowerCase()}${[...node.classList].map((name) => `.${name}`).join('')}${screen ? `[data-screen=${screen}]` : ''}`;
  };
  const parts = (root: Element) => {
    const heights: Record<string, number> = {};
    const walk = (element: Element, path: string, depth: number) => {
      const seen = new Map<string, number>();
      for (const child of element.children) {
        const name = nameOf(child);
        const nth = (seen.get(name) ?? 0) + 1;
        seen.set(name, nth);
        const key = `${path} > ${name}${nth > 1 ? `:nth(${nth})` : ''}`;
        heights[key] = child.getBoundingClientRect().height;
        if (depth < 2) walk(child, key, depth + 1);
      }
    };
    walk(root, '.vestibule', 1);
    return heights;
  };
  const resize = new ResizeObserver((entries) => {
    const root = entries[0]!.target;
    const now = { at: performance.now(), height: root.getBoundingClientRect().height, parts: parts(root) };
    if (!record.first) {
      if (now.height === 0) return;
      record.first = now;
      requestAnimationFrame(() => {
        record.firstFrameDone = performance.now();
      });
      return;
    }
    if (now.height !== (record.changes.at(-1) ?? record.first).height) record.changes.push(now);
  });
  let watched: Element | null = null;
  new MutationObserver(() => {
    const root = document.querySelector('.vestibule');
    if (!root || root === watched) return;
    if (watched) resize.unobserve(watched);
    watched = root;
    resize.observe(root);
  }).observe(document, { childList: true, subtree: true });
  // The widget's arrival moves what is below it: that is the host's to plan for; what moves after
  // its first frame is the widget's doing.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) {
      if (record.firstFrameDone === undefined || entry.startTime <= record.firstFrameDone || entry.hadRecentInput) continue;
      record.shifts.push({
        at: entry.startTime,
        value: entry.value,
        moved: entry.sources.map((source) => (source.node ? nameOf(source.node) : '(removed)')),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** What the page recorded, with the responses that ended after the widget's first paint. */
function recorded(page: Page): Promise<Recorded> {
  return page.evaluate(() => {
    const record = (window as unknown as { widgetRecord: Recorded }).widgetRecord;
    const first = record.first?.at ?? 0;
    const later = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.responseEnd > first)
      .map((entry) => ({ path: new URL(entry.name).pathname, after: Math.round(entry.responseEnd - first) }));
    return { ...record, later };
  });
}

/** The parts whose height differs between two samples. */
function partsChanged(before: Sample, after: Sample): string[] {
  return [...new Set([...Object.keys(before.parts), ...Object.keys(after.parts)])]
    .filter((path) => before.parts[path] !== after.parts[path])
    .map((path) => `    ${path}: ${before.parts[path] ?? 'absent'} -> ${after.parts[path] ?? 'absent'} px`);
}

/** In words: each change of height, when, and which parts grew, shrank, came or went; what loaded meanwhile; what moved. */
function explain(visit: string, { first, changes, shifts, later }: Recorded): string {
  if (!first) return `${visit}: the widget never painted with a height`;
  return [
    `${visit}: first painted ${first.height} px tall, ${(changes.at(-1) ?? first).height} px once the bootstrap answered and the page was idle`,
    ...changes.flatMap((change, index) => [
      `  ${change.height} px ${Math.round(change.at - first.at)} ms after the first paint:`,
      ...partsChanged(changes[index - 1] ?? first, change),
    ]),
    `  loaded after the first paint: ${later.map(({ path, after }) => `${path} (${after} ms)`).join(', ') || 'nothing'}`,
    ...shifts.map(
      (shift) => `  layout shift ${shift.value.toFixed(4)} ${Math.round(shift.at - first.at)} ms after the first paint, moving ${shift.moved.join(', ')}`,
    ),
  ].join('\n');
}

/** Loads the page with `go`, waits for the bootstrap's answer, the email field and an idle network, and checks the widget. */
async function expectNoShift(page: Page, visit: string, go: () => Promise<unknown>) {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === bootstrapRoutes.bootstrap.path);
  await go();
  await answered;
  await expect(page.locator('.vestibule input[type="email"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Two frames: whatever the last answer changed has been laid out and observed.
  await page.evaluate(() => new Promise((framed) => requestAnimationFrame(() => requestAnimationFrame(framed))));
  const record = await recorded(page);
  const why = explain(visit, record);
  await test.info().attach(`${visit}.txt`, { body: why });
  expect(record.first, why).toBeDefined();
  // Soft: a first visit's shift does not hide what the return visit does.
  expect.soft((record.changes.at(-1) ?? record.first)?.height, why).toBe(record.first?.height);
  expect.soft(record.shifts, why).toEqual([]);
}

/**
 * Google's one-tap prompt is left out: its container keeps the spec's 47 px until the prompt draws
 * (OneTapRoom reserves them while the container's code loads), then takes the prompt's height, or
 * none when Google shows no prompt (no Google account signed in on the device). That is Google's
 * call and Google's size, the one part of the widget whose height cannot be known before it shows.
 */
function withoutOneTap(config: object): object {
  const { oauthOptions } = config as { oauthOptions?: { providers: { one_tap?: boolean }[] } };
  if (!oauthOptions) return config;
  return { ...config, oauthOptions: { ...oauthOptions, providers: oauthOptions.providers.map(({ one_tap: _, ...entry }) => entry) } };
}

/** The default width, and a narrow phone's, where a button's words may take two lines. */
const WIDTHS = [undefined, 320];

for (const [name, config] of Object.entries(CONFIGS).map(([name, config]) => [name, withoutOneTap(config)] as const)) {
  for (const width of WIDTHS) {
    test(`login, ${name}${width ? `, ${width} px wide` : ''}: the widget keeps the height it first painted with once the bootstrap answers, on a first and a return visit`, async ({
      page,
    }) => {
      if (width) await page.setViewportSize({ width, height: 900 });
      await page.route(`**${bootstrapRoutes.bootstrap.path}`, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, BOOTSTRAP_DELAY_MS));
        await route.continue();
      });
      await page.addInitScript(recordWidget);
      await expectNoShift(page, 'first visit', () => page.goto(configUrl(config)));
      await expectNoShift(page, 'return visit', () => page.reload());
    });
  }
}
