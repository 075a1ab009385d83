import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { latestMessageTo, passcodeIn } from './support/outbox';

/** Issue 11, 'The demo': who is signed in, /passkeys knowing it, the outbox in the header, and a next step on every page. */

const PHONE_OTP = { products: ['otp'], otpOptions: { methods: ['sms'] } };
const configUrl = (config: object) => `/?config=${encodeURIComponent(JSON.stringify(config))}`;

/** The demo page itself (not only the widget) fits a 320 px screen: nothing wider than the viewport. */
async function expectFitsAt320(page: Page): Promise<void> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: size.height });
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  await page.setViewportSize(size);
  expect(widths.scroll, 'page width at 320 px').toBeLessThanOrEqual(widths.client);
}

test('a user signed in by text message is shown by their number, and /passkeys knows they are signed in', async ({ page, request }, testInfo) => {
  // A number of its own per run of this test.
  const last = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  const international = `+44 7911 123${last}`;
  await page.goto(configUrl(PHONE_OTP));
  await page.getByLabel('Phone number').pressSequentially(international);
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  const message = await latestMessageTo(request, `+447911123${last}`);
  await page.getByLabel('6-digit passcode').fill(passcodeIn(message));
  await expect(page.getByText('Your passcode has been successfully verified.')).toBeVisible();

  const session = page.getByRole('region', { name: 'Session' });
  await expect(session.getByTestId('signed-in-phone')).toHaveText(international);
  await expect(session.getByText(/Signed in as/)).not.toContainText('user-');
  await lookAt(page, testInfo, 'signed-in-by-phone');

  await page.getByRole('navigation', { name: 'Demo pages' }).getByRole('link', { name: 'Passkey registration' }).click();
  await expect(page.getByTestId('next-step')).toHaveText(
    `You are signed in as ${international}: add a passkey to sign in next time without a code or password.`,
  );
  await expect(page.getByRole('heading', { name: 'Set up a new Passkey' })).toBeVisible();
  await expect(page.getByText('Cannot use PasskeyRegistration component without active user authenticated.')).toHaveCount(0);
  await expect(session.getByTestId('signed-in-phone')).toHaveText(international);
  await lookAt(page, testInfo, 'passkeys-signed-in');
  await expectFitsAt320(page);

  // Logging out here turns the line into the signed-out one, without a reload.
  await session.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('next-step')).toHaveText('Sign in first on the login page, then come back here to add a passkey.');
});

test('signed out, /passkeys says to sign in first and links to the login page', async ({ page }, testInfo) => {
  await page.goto('/passkeys');
  const nextStep = page.getByTestId('next-step');
  await expect(nextStep).toHaveText('Sign in first on the login page, then come back here to add a passkey.');
  await lookAt(page, testInfo, 'passkeys-signed-out');
  await expectFitsAt320(page);
  await nextStep.getByRole('link', { name: 'login page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Mount: Login/ })).toBeVisible();
});

const PAGES = [
  { path: '/', name: 'login', nextStep: 'Type any email, then open the link from the Outbox.' },
  { path: configUrl(PHONE_OTP), name: 'login-phone', nextStep: 'Type any phone number, then enter the code from the Outbox.' },
  { path: '/reset', name: 'reset', nextStep: 'Links from emails open here: type any email on the login page, then open the link in the Outbox.' },
  { path: '/passkeys', name: 'passkeys', nextStep: 'Sign in first on the login page, then come back here to add a passkey.' },
  { path: '/idp', name: 'idp', nextStep: /^Other apps send people here to let them use their account from this site/ },
  { path: '/account', name: 'account', nextStep: 'Sign in first with any email (the code arrives in the Outbox); your account shows here right after.' },
  { path: '/outbox', name: 'outbox', nextStep: 'Open a sign-in link below, or copy a code back to the page that asked for it.' },
];

test('every page says in one line what to try next, and its header links to the outbox', async ({ page }, testInfo) => {
  for (const { path, name, nextStep } of PAGES) {
    await page.goto(path);
    await expect(page.getByTestId('next-step'), name).toHaveText(nextStep);
    await lookAt(page, testInfo, name);
    await expectFitsAt320(page);

    await page.getByRole('banner').getByRole('link', { name: 'Outbox' }).click();
    await expect(page).toHaveURL(/\/outbox$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  }
});
