import { expect, type Page, type TestInfo } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { auditing } from './fixtures';
import { narrowScreenProblems } from './narrow';

/** Where every screen a browser test passes is saved, at the default width and at 320 px. */
export const SCREENSHOT_DIR = 'e2e/screenshots';

/**
 * axe-core finds no accessibility violations on the page; then a screenshot at the default width
 * and one at `narrow` px, where `whileNarrow` answers what it checks there, before the width is put
 * back; then axe and a screenshot again with the device preferring dark. What every screen of the
 * widgets and of the console goes through.
 */
export async function auditAndScreenshots<T>(page: Page, testInfo: TestInfo, name: string, narrow: number, whileNarrow: () => Promise<T>): Promise<T> {
  await expectNoViolations(page, 'light');
  const folder = `${SCREENSHOT_DIR}/${testInfo.titlePath
    .slice(1)
    .join(' - ')
    .replace(/[^\w -]+/g, '')}`;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true, caret: 'initial' });
  const size = page.viewportSize();
  await page.setViewportSize({ width: narrow, height: size?.height ?? 720 });
  await page.screenshot({ path: `${folder}/${name}-${narrow}.png`, fullPage: true, caret: 'initial' });
  const found = await whileNarrow();
  if (size) await page.setViewportSize(size);
  // The same screen on a device that prefers dark: the demo's page and widgets follow it (colorScheme
  // auto). A page where nothing follows it (the console, a host page of the tests') looks the same.
  if ((await page.locator('[data-scheme=auto]').count()) === 0) return found;
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect
    .poll(() =>
      page
        .locator('.vestibule[data-scheme=auto], .vestibule[data-scheme=dark]')
        .evaluateAll((roots) => roots.filter((root) => getComputedStyle(root).colorScheme !== 'dark').length),
    )
    .toBe(0);
  await expectNoViolations(page, 'dark');
  await page.screenshot({ path: `${folder}/${name}-dark.png`, fullPage: true, caret: 'initial' });
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/** axe-core finds no accessibility violations on the page as it is now drawn. */
async function expectNoViolations(page: Page, scheme: string): Promise<void> {
  auditing.add(page);
  const results = await new AxeBuilder({ page }).analyze();
  // Console events arrive in protocol order: once this round trip returns, axe's have been seen.
  await page.evaluate(() => 0);
  auditing.delete(page);
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    scheme,
  ).toEqual([]);
}

/**
 * Checks a screen the way a person meets it: axe-core finds no accessibility violations, a
 * screenshot is kept at the default width and at 320 px (then the width is put back), and at 320 px
 * no word breaks mid-word, nothing overflows the widget and no focus ring is cut off.
 */
export async function lookAt(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const problems = await auditAndScreenshots(page, testInfo, name, 320, () => narrowScreenProblems(page));
  expect(problems, `${name} at 320 px`).toEqual([]);
}
