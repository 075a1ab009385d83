/**
 * What the first-paint target leaves for code: the login's first screen as it painted (its markup
 * and its stylesheet, copied from the page once the email field has painted) mounted by React with
 * none of the widget's code. The floor is an unstyled form of three elements; this page costs what
 * the screen's own elements, styles and layout cost over it, which no code can take away. The login
 * mount's time less this page's is what its code costs before the paint.
 */
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { type Bundler, buildEntry, writeEntry, writePage } from '../host/build.js';
import { inFreshContext, servePage, timeMount } from './measure.js';
import type { PaintPage } from './pages.js';

/** The row's name beside the login page `login` (pages.ts loginName). */
export const markupOnlyName = (login: string) => `${login}: markup and styles only`;

interface Snapshot {
  /** The mount element's content once the email field painted. */
  markup: string;
  /** Every rule of every stylesheet on the page then (the widget's injected and linked ones). */
  styles: string;
}

/** Mounts `outDir`'s page once and copies what its mount element shows and the styles it uses. */
async function snapshot(browser: Browser, outDir: string): Promise<Snapshot> {
  const served = await servePage(outDir);
  try {
    return await inFreshContext(browser, served.url, 1, async (page) => {
      const { error } = await timeMount(page);
      if (error) throw new Error(`the page at ${outDir} painted no email field: ${error}`);
      return page.evaluate(() => ({
        markup: document.getElementById('bench-mount')?.innerHTML ?? '',
        styles: [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n'),
      }));
    });
  } finally {
    await served.close();
  }
}

/** An entry that mounts `snapshot` with React as a host page's own markup would be: inserted, not built. */
const entrySource = ({ markup, styles }: Snapshot) => `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

const MARKUP = ${JSON.stringify(markup)};
const STYLES = ${JSON.stringify(styles)};
function FirstScreen() {
  return h('div', { style: { display: 'contents' }, dangerouslySetInnerHTML: { __html: MARKUP } });
}
window.benchMount = (element) => {
  document.head.append(Object.assign(document.createElement('style'), { textContent: STYLES }));
  createRoot(element).render(h(FirstScreen));
};
`;

/** For each of `logins` (built pages), its markup-only page, built with `bundler` from `app` into `work`. */
export async function markupOnlyPages(browser: Browser, logins: PaintPage[], app: string, bundler: Bundler, work: string): Promise<PaintPage[]> {
  const pages: PaintPage[] = [];
  for (const [index, login] of logins.entries()) {
    const entry = writeEntry(app, `first-paint/markup-only-${index}.js`, entrySource(await snapshot(browser, login.outDir)));
    const initial = await buildEntry(bundler, app, entry, { reactExternal: false, outDir: join(work, `markup-only-${index}`) });
    pages.push({ name: markupOnlyName(login.name), outDir: writePage(initial) });
  }
  return pages;
}
