import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { firstLink, latestMessageTo } from './support/outbox';
import { uniqueEmail } from './support/stack';

/**
 * Corporate mail filters open every link in an email before the person does, some in a browser
 * that runs the page's script. A magic link is bound to the browser that asked for it: there it
 * signs in at once; anywhere else it asks 'Continue as {email}' and only that press spends it.
 */

async function requestLink(page: Page, email: string) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
}

test("a mail filter's visits spend nothing, and the browser that asked signs in at once", async ({ page, browser, request }, testInfo) => {
  const email = uniqueEmail('scanned');
  await requestLink(page, email);
  const link = firstLink(await latestMessageTo(request, email));

  // The filter's first look: a plain GET of the page.
  const fetched = await request.get(link);
  expect(fetched.status()).toBe(200);

  // Then a headless browser of its own that runs the page's script and presses nothing.
  const scanner = await browser.newContext();
  const scanning = await scanner.newPage();
  const calls: string[] = [];
  scanning.on('request', (r) => calls.push(new URL(r.url()).pathname));
  await scanning.goto(link);
  await expect(scanning.getByRole('heading', { name: 'Finish signing in' })).toBeVisible();
  await expect(scanning.getByRole('button', { name: `Continue as ${email}` })).toBeVisible();
  await scanning.waitForLoadState('networkidle');
  expect(calls).toContain('/sdk/v1/magic_links/preview');
  await expect(scanning.getByTestId('signed-in-email')).toHaveCount(0);
  await scanner.close();

  // The person clicks: the browser that asked signs in without a further press.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
  await expect(page.getByRole('button', { name: /Continue as/ })).toHaveCount(0);
  await lookAt(page, testInfo, 'same-browser-signed-in');
});

test("opened on another device the link asks 'Continue as {email}', and that press signs in", async ({ page, browser, request }, testInfo) => {
  // Long enough to wrap at 320 px.
  const email = uniqueEmail('pat.with-a-rather-long-name');
  await requestLink(page, email);
  const link = firstLink(await latestMessageTo(request, email));

  const phone = await browser.newContext();
  const elsewhere = await phone.newPage();
  await elsewhere.goto(link);
  const title = elsewhere.getByRole('heading', { name: 'Finish signing in' });
  await expect(title).toBeVisible();
  await expect(elsewhere.getByText('This link was opened in a different browser from the one that asked for it.')).toBeVisible();
  // Nothing in the address bar to copy on or to leave in the history.
  expect(new URL(elsewhere.url()).searchParams.get('token')).toBeNull();
  const button = elsewhere.getByRole('button', { name: `Continue as ${email}` });
  await expect(title).toBeFocused();
  // At 320 px too (lookAt checks nothing runs past the screen's edge): the address wraps in the button.
  await lookAt(elsewhere, testInfo, 'continue-as');

  // A reload before the press keeps the link live (its token already left the address bar, so the
  // person clicks the email again): still the same question.
  await elsewhere.goto(link);
  await button.click();
  await expect(elsewhere.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(elsewhere.getByTestId('signed-in-email')).toHaveText(email);
  await phone.close();

  // Spent by that press: the browser that asked now finds it used.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This login link no longer works' })).toBeVisible();
});
