import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { E2E_PLAIN_PORT } from '../playwright.config';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { latestMessageTo, passcodeIn } from './support/outbox';
import { API_URL, demoPublicToken, uniqueEmail } from './support/stack';
import { OAUTH_PROVIDER_TYPES } from '@vestibule/contract/oauth-providers';

/**
 * Issue 11, plain JavaScript on its own: a static HTML page with no bundler and no React loads the
 * one script (the built dist/vanilla/vestibule.js, served under another path) and mounts the login
 * widget with the public token alone; a person signs in through it against the real stack, and the
 * lazy parts it needs load from beside the script. Issue 17: the same through a redirect to another
 * origin, and no layout shift after the first paint.
 */

const PAGE = 'e2e/fixtures/one-script.html';
/** The built one script and its chunks, served under another path than the page's. */
const SCRIPT_DIR = 'packages/react/dist/vanilla';
const SCRIPT_PATH = '/cdn/vestibule/';
/**
 * The same page under /via-cdn/, where the script's path answers with a redirect to another origin
 * (127.0.0.1 rather than localhost), as a CDN's short link or a versionless URL does.
 */
const REDIRECTING_PAGE_PATH = '/via-cdn/';
const CDN_ORIGIN = `http://127.0.0.1:${E2E_PLAIN_PORT}`;
/** The page that writes the widget as an element, `<vestibule-login>`, with the stack's token filled in. */
const ELEMENTS_PAGE = 'e2e/fixtures/custom-elements.html';
const ELEMENTS_PATH = '/elements/';

let server: Server;
test.beforeAll(async () => {
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.map': 'application/json' };
  // Serves the files as they are on disk, as any static host would; a module script from another
  // origin needs CORS, which a CDN sends.
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path.includes('..')) return void res.writeHead(404).end();
    if (path.startsWith(`${REDIRECTING_PAGE_PATH}${SCRIPT_PATH.slice(1)}`)) {
      return void res.writeHead(302, { location: `${CDN_ORIGIN}${path.slice(REDIRECTING_PAGE_PATH.length - 1)}` }).end();
    }
    if (path === ELEMENTS_PATH) {
      const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
      const fill = (text: string) => text.replaceAll('{{token}}', query.get('token') ?? '').replaceAll('{{api}}', query.get('api') ?? '');
      return void readFile(ELEMENTS_PAGE, 'utf8').then((html) => res.writeHead(200, { 'content-type': types['.html'] }).end(fill(html)));
    }
    const file =
      path === '/' || path === REDIRECTING_PAGE_PATH ? PAGE : path.startsWith(SCRIPT_PATH) ? `${SCRIPT_DIR}/${path.slice(SCRIPT_PATH.length)}` : null;
    if (!file) return void res.writeHead(404).end();
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'access-control-allow-origin': '*' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(E2E_PLAIN_PORT, resolve));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Opens the plain page at `path` against the stack, with the demo's public token. */
async function openPlainPage(page: Page, path: string): Promise<{ errors: string[]; loaded: URL[]; publicToken: string }> {
  await page.goto('/');
  const publicToken = await demoPublicToken(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const loaded: URL[] = [];
  page.on('response', (response) => response.ok() && loaded.push(new URL(response.url())));
  await page.goto(`http://localhost:${E2E_PLAIN_PORT}${path}?api=${encodeURIComponent(API_URL)}&token=${encodeURIComponent(publicToken)}`);
  return { errors, loaded, publicToken };
}

/** Signs in with an emailed passcode; the passcode screen is a lazy part of the one script. */
async function signInWithPasscode(page: Page, request: APIRequestContext, email: string) {
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  await page.getByLabel('6-digit passcode').pressSequentially(passcodeIn(await latestMessageTo(request, email)));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page).toHaveTitle('Signed in');
}

const lazyPasscodeScreen = (loaded: URL[]) => loaded.filter((url) => /\/OTPAuthenticate-[\w-]+\.js$/.test(url.pathname)).map(String);

test('a static page loads one script and mounts the login widget with the public token; a passcode signs in', async ({ page, request }) => {
  const { errors, loaded } = await openPlainPage(page, '/');
  expect(await page.evaluate(() => Object.keys((window as unknown as { Vestibule: object }).Vestibule).sort())).toEqual([
    'createVestibuleClient',
    'defineElements',
    'findElement',
    'mountAccount',
    'mountIdentityProvider',
    'mountLogin',
    'mountPasskeyRegistration',
    'mountPasswordReset',
  ]);
  // The widget's own stylesheet is in the page: the button is drawn in the theme's primary colour.
  await expect(page.getByRole('button', { name: 'Continue with email' })).toHaveCSS('background-color', 'rgb(11, 85, 99)');
  await signInWithPasscode(page, request, uniqueEmail('one-script'));
  // Fetched when needed, from beside the script, not from the page's path.
  expect(lazyPasscodeScreen(loaded)).toEqual([expect.stringMatching(new RegExp(`^http://localhost:${E2E_PLAIN_PORT}/cdn/vestibule/chunks/`))]);
  expect(errors).toEqual([]);
});

test('served through a redirect to another origin, the one script runs once and loads its lazy parts and mounts from there', async ({
  page,
  request,
}, testInfo) => {
  const { errors, loaded, publicToken } = await openPlainPage(page, REDIRECTING_PAGE_PATH);
  await signInWithPasscode(page, request, uniqueEmail('one-script-cdn'));
  expect(lazyPasscodeScreen(loaded)).toEqual([expect.stringMatching(new RegExp(`^${CDN_ORIGIN}/cdn/vestibule/chunks/`))]);
  // A mount that loads on first use comes from there too: the reset form checks its link at once.
  await page.evaluate(
    ({ api, token }) => {
      document.querySelector('main')!.insertAdjacentHTML('beforeend', '<div id="reset"></div>');
      const { mountPasswordReset } = (window as unknown as { Vestibule: typeof import('@vestibule/react/vanilla') }).Vestibule;
      mountPasswordReset({
        elementId: '#reset',
        publicToken: token,
        apiBaseUrl: api,
        config: { products: ['passwords'] },
        passwordResetToken: 'made-up-reset-token',
      });
    },
    { api: API_URL, token: publicToken },
  );
  await expect(page.getByRole('heading', { name: 'This reset link no longer works' })).toBeVisible();
  await lookAt(page, testInfo, 'signed-in-and-dead-reset-link');
  expect(loaded.filter((url) => /\/VestibulePasswordReset-[\w-]+\.js$/.test(url.pathname)).map(String)).toEqual([
    expect.stringMatching(new RegExp(`^${CDN_ORIGIN}/cdn/vestibule/chunks/`)),
  ]);
  // The entry is fetched once, by the page (a chunk importing it by its final URL would run it again).
  expect(loaded.filter((url) => url.pathname.endsWith('/vestibule.js')).map(String)).toEqual([`${CDN_ORIGIN}/cdn/vestibule/vestibule.js`]);
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

test('a page writes <vestibule-login> with its attributes and no script of its own; a passcode signs in through it', async ({ page, request }, testInfo) => {
  const { errors, publicToken } = await openPlainPage(page, ELEMENTS_PATH);
  expect(publicToken).toBeTruthy();
  await lookAt(page, testInfo, '1-element');
  await signInWithPasscode(page, request, uniqueEmail('element'));
  expect(errors).toEqual([]);
});

test("a host's dark theme: the social buttons' monochrome marks take the buttons' light text colour, the brand colours stay", async ({ page }, testInfo) => {
  const { publicToken, errors } = await openPlainPage(page, '/');
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  // The host mounts a second widget, in its dark theme, with all 19 providers.
  await page.evaluate(
    ({ token, api, providers }) => {
      Object.assign(document.body.style, { background: '#0d1013', color: '#e8eef2' });
      document.querySelector('#login')!.remove();
      const dark = Object.assign(document.createElement('div'), { id: 'dark' });
      document.querySelector('main')!.prepend(dark);
      (window as unknown as { Vestibule: { mountLogin(options: object): void } }).Vestibule.mountLogin({
        elementId: '#dark',
        publicToken: token,
        apiBaseUrl: api,
        config: { products: ['oauth'], oauthOptions: { providers: providers.map((type) => ({ type })) } },
        styles: {
          container: { backgroundColor: '#15191d', borderColor: '#3a434b' },
          colors: { primary: '#e8eef2', secondary: '#b8c2ca' },
          buttons: { secondary: { backgroundColor: '#1f252b', textColor: '#e8eef2', borderColor: '#5b6770' } },
        },
      });
    },
    { token: publicToken, api: API_URL, providers: [...OAUTH_PROVIDER_TYPES] },
  );
  await expect(page.locator('#dark .vestibule button svg')).toHaveCount(19);
  const paint = (provider: string) =>
    page
      .getByRole('button', { name: `Continue with ${provider}` })
      .locator('path')
      .first()
      .evaluate((path) => (getComputedStyle(path).stroke === 'none' ? getComputedStyle(path).fill : getComputedStyle(path).stroke));
  // GitHub and X are drawn in ink: light on the dark button. Amazon's smile keeps its orange.
  expect(await paint('GitHub')).toBe('rgb(232, 238, 242)');
  expect(await paint('X')).toBe('rgb(232, 238, 242)');
  expect(
    await page
      .getByRole('button', { name: 'Continue with Amazon' })
      .locator('path')
      .nth(1)
      .evaluate((path) => getComputedStyle(path).stroke),
  ).toBe('rgb(255, 153, 0)');
  await lookAt(page, testInfo, '1-nineteen-providers-dark');
  expect(errors).toEqual([]);
});
