import type { Page, Request, Response } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { firstLink, latestMessageTo } from './support/outbox';
import { uniqueEmail } from './support/stack';

/**
 * An emailed link's token must not outlive its use in the address bar (history, bookmarks,
 * screenshots), and the demo host sends no Referer at all, so it never leaks from there either.
 */

const PASSWORDS = { products: ['passwords', 'emailMagicLinks'] };
const configUrl = (config: object) => `/?config=${encodeURIComponent(JSON.stringify(config))}`;
const STRONG = 'Quartz-Lantern-Fjord-Mosaic-58';
const STRONGER = 'Velvet-Harbor-Glacier-Tundra-71';

/** Every response the demo host sends the page, and every request the page makes. */
function watch(page: Page) {
  const responses: Response[] = [];
  const requests: Request[] = [];
  page.on('response', (response) => responses.push(response));
  page.on('request', (request) => requests.push(request));
  return { responses, requests };
}

function expectNoLinkToken(url: string) {
  expect(url).not.toContain('token=');
  expect(url).not.toContain('vestibule_token_type');
}

/** Every demo-host response carried the policy, and no request the page made sent a Referer. */
async function expectNoReferrer(seen: ReturnType<typeof watch>, demoOrigin: string) {
  const fromDemo = seen.responses.filter((r) => new URL(r.url()).origin === demoOrigin);
  expect(fromDemo.length).toBeGreaterThan(1); // the page and at least its script
  for (const response of fromDemo) {
    expect(response.headers()['referrer-policy'], response.url()).toBe('no-referrer');
  }
  for (const request of seen.requests) {
    // Absent, or empty as Chromium reports it for a request served again from its cache.
    expect((await request.allHeaders()).referer ?? '', request.url()).toBe('');
  }
}

test('a used magic link leaves no token in the address bar, and the demo page sends no referrer', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('token-ml');
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const emailed = new URL(firstLink(await latestMessageTo(request, email)));
  expect(emailed.searchParams.get('vestibule_token_type')).toBe('login');
  expect(emailed.searchParams.get('token')).toBeTruthy();

  // As a mail provider might: a tracking parameter and a fragment the host put there stay.
  const link = new URL(emailed);
  link.searchParams.append('utm_source', 'email');
  link.hash = 'welcome';

  const seen = watch(page);
  const landing = await page.goto(link.toString());
  expect(landing?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);

  expectNoLinkToken(page.url());
  expect(page.url()).toBe(`${baseURL}/reset?utm_source=email#welcome`);
  expect(await page.evaluate(() => window.location.href)).toBe(page.url());
  await expectNoReferrer(seen, new URL(baseURL!).origin);

  // Replaced, not pushed: one step back is the page the link was asked for, not the token address.
  await page.goBack();
  await expect(page).toHaveURL(`${baseURL}/`);
});

test('a used password-reset link leaves no token in the address bar', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('token-pw');
  await page.goto(configUrl(PASSWORDS));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await page.getByRole('button', { name: 'Create a password' }).click();
  await page.getByLabel('Password', { exact: true }).fill(STRONG);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Signed out.')).toBeVisible();

  await page.goto(configUrl(PASSWORDS));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  const link = new URL(firstLink(await latestMessageTo(request, email)));
  expect(link.searchParams.get('vestibule_token_type')).toBe('reset_password');

  const seen = watch(page);
  const landing = await page.goto(link.toString());
  expect(landing?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  // Until the reset is done the token is still needed.
  expect(new URL(page.url()).searchParams.get('token')).toBe(link.searchParams.get('token'));

  await page.getByLabel('New password').fill(STRONGER);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);

  expectNoLinkToken(page.url());
  const expected = new URL(link);
  expected.searchParams.delete('token');
  expected.searchParams.delete('vestibule_token_type');
  expect(page.url()).toBe(expected.toString());
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  await expectNoReferrer(seen, new URL(baseURL!).origin);
});
