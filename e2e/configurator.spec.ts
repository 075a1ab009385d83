import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Locator, Page } from '@playwright/test';
import { E2E_PLAIN_PORT, E2E_TMP } from '../playwright.config';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';

/**
 * Issue 33, the configurator: methods, options, theme, colour scheme and language picked in the
 * demo's /configurator change its widget at once; the code it copies, pasted into a blank page of
 * another origin (the one script's HTML as it is; the React module bundled by esbuild from the
 * packages as a host installs them), draws the same widget.
 */

/** A blank page of another origin, holding what was pasted into it. */
let pasted = { body: '', script: '' };
let server: Server;
test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/main.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(pasted.script);
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blank</title></head><body>${pasted.body}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(E2E_PLAIN_PORT, resolve));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What a person sees of a widget: its language, direction and scheme, its texts, its button's colour. */
function looks(widget: Locator) {
  return widget.evaluate((root) => {
    const texts = [...root.querySelectorAll('h1, label, button, [role=tab], .vst-divider')].map((element) => element.textContent?.trim() ?? '').filter(Boolean);
    const button = root.querySelector('.vst-button--primary');
    return {
      lang: root.getAttribute('lang'),
      dir: root.getAttribute('dir'),
      scheme: getComputedStyle(root).colorScheme,
      background: getComputedStyle(root).backgroundColor,
      button: button ? getComputedStyle(button).backgroundColor : null,
      radius: button ? getComputedStyle(button).borderTopLeftRadius : null,
      texts,
    };
  });
}

/** Passcodes by text and email instead of magic links, in German, dark, a light purple (it reads on the dark ground), rounded. */
async function choose(page: Page): Promise<void> {
  await page.getByLabel('Email magic links').uncheck();
  await page.getByLabel('One-time passcodes').check();
  await page.getByRole('group', { name: 'Passcodes by' }).getByLabel('Email').check();
  await page.getByLabel('Language').selectOption('de');
  await page.getByLabel('dark', { exact: true }).check();
  await page.getByLabel('Primary colour').fill('#c084fc');
  await page.getByLabel('Corners').selectOption('8px');
}

async function copied(page: Page, title: string): Promise<string> {
  await page.getByRole('button', { name: `Copy the ${title} code` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied.' })).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

test('the configurator changes its widget as you choose, and its code draws the same widget in a blank page, with the one script and with React', async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/configurator');
  await expect(page.getByRole('heading', { name: 'Configurator' })).toBeVisible();
  const preview = page.getByTestId('configurator-preview').locator('.vestibule');
  await expect(preview.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
  await lookAt(page, testInfo, '1-configurator');

  await choose(page);
  await expect(preview.getByRole('tab', { name: 'SMS' })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Registrieren oder anmelden' })).toBeVisible();
  await expect.poll(async () => (await looks(preview)).scheme).toBe('dark');
  const wanted = await looks(preview);
  expect(wanted).toMatchObject({ lang: 'de', button: 'rgb(192, 132, 252)', radius: '8px' });
  await lookAt(page, testInfo, '2-chosen');

  // The one script's code, pasted into the blank page as it is.
  pasted = { body: await copied(page, 'One script'), script: '' };
  await page.goto(`http://localhost:${E2E_PLAIN_PORT}/`);
  const oneScript = page.locator('vestibule-login .vestibule');
  await expect(oneScript.getByRole('heading', { name: 'Registrieren oder anmelden' })).toBeVisible();
  await expect.poll(() => looks(oneScript)).toEqual(wanted);

  // The React code, in a module of its own, bundled as a host would.
  await page.goto('/configurator');
  await choose(page);
  await expect.poll(async () => looks(preview)).toEqual(wanted);
  const folder = mkdtempSync(join(E2E_TMP, 'configurator-'));
  writeFileSync(join(folder, 'main.tsx'), await copied(page, 'React'));
  await build({
    entryPoints: [join(folder, 'main.tsx')],
    outfile: join(folder, 'main.js'),
    bundle: true,
    format: 'esm',
    jsx: 'automatic',
    nodePaths: [join(process.cwd(), 'node_modules')],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  pasted = { body: '<div id="root"></div><script type="module" src="/main.js"></script>', script: readFileSync(join(folder, 'main.js'), 'utf8') };
  await page.goto(`http://localhost:${E2E_PLAIN_PORT}/`);
  const react = page.locator('#root .vestibule');
  await expect(react.getByRole('heading', { name: 'Registrieren oder anmelden' })).toBeVisible();
  await expect.poll(() => looks(react)).toEqual(wanted);
});
