import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { E2E_PLAIN_PORT } from '../playwright.config';
import { expect, test } from './support/fixtures';
import { latestMessageTo, passcodeIn } from './support/outbox';
import { API_URL, uniqueEmail } from './support/stack';

/**
 * Issue 11, plain JavaScript on its own: a static HTML page with no bundler and no React loads the
 * one script (the built vestibule.iife.js) and mounts the login widget with the public token
 * alone; a person signs in through it against the real stack.
 */

const FILES: Record<string, { path: string; type: string }> = {
  '/': { path: 'e2e/fixtures/one-script.html', type: 'text/html; charset=utf-8' },
  '/vestibule.iife.js': { path: 'packages/react/dist/vanilla/vestibule.iife.js', type: 'text/javascript; charset=utf-8' },
};

let server: Server;
test.beforeAll(async () => {
  // Serves the two files as they are on disk, as any static host would.
  server = createServer((req, res) => {
    const file = FILES[(req.url ?? '/').split('?')[0] ?? '/'];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    readFile(file.path).then(
      (body) => res.writeHead(200, { 'content-type': file.type }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(E2E_PLAIN_PORT, resolve));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('a static page loads one script and mounts the login widget with the public token; a passcode signs in', async ({ page, request }) => {
  // The stack's public token, as the demo page carries it.
  await page.goto('/');
  const publicToken = await page.evaluate(() => JSON.parse(document.getElementById('vestibule-demo-config')!.textContent!).publicToken as string);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

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
  await page.getByLabel('6-digit passcode').pressSequentially(passcodeIn(await latestMessageTo(request, email)));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page).toHaveTitle('Signed in');
  expect(errors).toEqual([]);
});
