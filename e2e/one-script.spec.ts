import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { E2E_PLAIN_PORT } from '../playwright.config';
import { expect, test } from './support/fixtures';
import { latestMessageTo, passcodeIn } from './support/outbox';
import { API_URL, demoPublicToken, uniqueEmail } from './support/stack';

/**
 * Issue 11, plain JavaScript on its own: a static HTML page with no bundler and no React loads the
 * one script (the built dist/vanilla/vestibule.js, served under another path) and mounts the login
 * widget with the public token alone; a person signs in through it against the real stack, and the
 * lazy parts it needs load from beside the script. Issue 17: no layout shift after the first paint.
 */

const PAGE = 'e2e/fixtures/one-script.html';
/** The built one script and its chunks, served under another path than the page's. */
const SCRIPT_DIR = 'packages/react/dist/vanilla';
const SCRIPT_PATH = '/cdn/vestibule/';

let server: Server;
test.beforeAll(async () => {
  // Serves the two files as they are on disk, as any static host would.
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.map': 'application/json' };
  // Serves the files as they are on disk, as any static host would.
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const file = path === '/' ? PAGE : path.startsWith(SCRIPT_PATH) && !path.includes('..') ? `${SCRIPT_DIR}/${path.slice(SCRIPT_PATH.length)}` : null;
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(E2E_PLAIN_PORT, resolve));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('a static page loads one script and mounts the login widget with the public token; a passcode signs in', async ({ page, request }) => {
  await page.goto('/');
  const publicToken = await demoPublicToken(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const loaded: string[] = [];
  page.on('response', (response) => response.ok() && loaded.push(new URL(response.url()).pathname));

  await page.goto(`http://localhost:${E2E_PLAIN_PORT}/?api=${encodeURIComponent(API_URL)}&token=${encodeURIComponent(publicToken)}`);
  expect(await page.evaluate(() => Object.keys((window as unknown as { Vestibule: object }).Vestibule).sort())).toEqual([
    'createVestibuleClient',
    'findElement',
    'mountIdentityProvider',
    'mountLogin',
    'mountPasskeyRegistration',
    'mountPasswordReset',
  ]);
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  // The widget's own stylesheet is in the page: the button is drawn in the theme's primary colour.
  await expect(page.getByRole('button', { name: 'Continue with email' })).toHaveCSS('background-color', 'rgb(11, 85, 99)');

  const email = uniqueEmail('one-script');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  // That screen is a lazy part: fetched when needed, from beside the script, not from the page's path.
  expect(loaded.filter((path) => /\/OTPAuthenticate-[\w-]+\.js$/.test(path))).toEqual([expect.stringMatching(/^\/cdn\/vestibule\/chunks\//)]);
  await page.getByLabel('6-digit passcode').pressSequentially(passcodeIn(await latestMessageTo(request, email)));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page).toHaveTitle('Signed in');
  expect(errors).toEqual([]);
});

test('on a first visit the widget paints in its final size: the bootstrap answer shifts nothing below it', async ({ page }) => {
  await page.goto('/');
  const publicToken = await demoPublicToken(page);
  await page.evaluate(() => localStorage.clear());
  // The answer comes after the first paint, as on a slow network (the real server answers it).
  let answered = false;
  await page.route('**/sdk/v1/projects/bootstrap', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
    answered = true;
  });
  // The widget's height in the first frame it is painted, and every layout shift on the page.
  await page.addInitScript(() => {
    const w = window as unknown as { firstPaintHeight?: number; firstPaintAt?: number; shifts: number[] };
    w.shifts = [];
    // Shifts after the widget's first frame: its arrival itself is the host page's to plan for
    // (a module script runs after the page first paints), what it does next is the widget's.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (w.firstPaintAt !== undefined && entry.startTime > w.firstPaintAt) w.shifts.push((entry as unknown as { value: number }).value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const watch = new MutationObserver(() => {
      const widget = document.querySelector('.vestibule');
      if (!widget || w.firstPaintHeight !== undefined) return;
      watch.disconnect();
      requestAnimationFrame(() => {
        w.firstPaintHeight = widget.getBoundingClientRect().height;
        // The next frame: the first one, with the widget's arrival, has been painted by then.
        requestAnimationFrame(() => {
          w.firstPaintAt = performance.now();
        });
      });
    });
    watch.observe(document, { childList: true, subtree: true });
  });

  await page.goto(`http://localhost:${E2E_PLAIN_PORT}/?api=${encodeURIComponent(API_URL)}&token=${encodeURIComponent(publicToken)}`);
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  const first = await page.evaluate(() => (window as unknown as { firstPaintHeight: number }).firstPaintHeight);
  await expect.poll(() => answered).toBe(true);
  await expect(page.getByText('Powered by')).toBeVisible();
  const after = await page.evaluate(() => document.querySelector('.vestibule')!.getBoundingClientRect().height);
  expect(after).toBe(first);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
});
