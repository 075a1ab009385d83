import type { Page } from '@playwright/test';
import { OAUTH_PROVIDER_TYPES } from '@vestibule/contract/oauth-providers';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { uniqueEmail } from './support/stack';

/**
 * Issue 13, social sign-in on the real stack. Google, GitHub and Discord point at the test
 * provider (playwright.config.ts: an OpenID Connect provider with ID tokens, an OAuth 2 one with a
 * profile and an emails call, one with a profile of its own shape); in development the others,
 * having no credentials, are stood in for by the server's development OAuth server. Both go
 * through the same start, callback, code exchange and token exchange.
 */

const SOCIAL = { products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [{ type: 'twitch' }, { type: 'slack' }, { type: 'microsoft' }] } };
const configUrl = (config: object) => `/?config=${encodeURIComponent(JSON.stringify(config))}`;

async function continueWith(page: Page, provider: string) {
  await page.goto(configUrl(SOCIAL));
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
  await expect(page).toHaveTitle('Development sign-in');
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
}

test('social sign-in through the development provider: sign up, then log in again as the same user', async ({ page }, testInfo) => {
  await page.goto(configUrl(SOCIAL));
  await expect(page.getByRole('button', { name: 'Continue with Twitch' })).toBeVisible();
  await lookAt(page, testInfo, '1-main-with-providers');

  const email = uniqueEmail('oauth');
  await continueWith(page, 'Slack');
  await expect(page.getByText('This stands in for Slack')).toBeVisible();
  await lookAt(page, testInfo, '2-development-sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back on the host's landing page (the demo's /reset), the token is exchanged for a session.
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
  expect(new URL(page.url()).searchParams.get('token')).toBeNull();
  const userId = await page.getByTestId('user-id').textContent();
  await lookAt(page, testInfo, '3-signed-in');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Signed out.')).toBeVisible();
  await continueWith(page, 'Slack');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('user-id')).toHaveText(userId!);
});

test('a denied consent lands on the host page with the callback error and no session', async ({ page }, testInfo) => {
  await continueWith(page, 'Microsoft');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toContainText('An error occurred in the OAuth callback. Please try signing in again.');
  await expect(page.getByText('Signed out.')).toBeVisible();
  await lookAt(page, testInfo, '1-denied');
});

test('a tampered state lands with the callback error; a replayed callback signs no one in', async ({ page }) => {
  await continueWith(page, 'Twitch');
  await page.getByLabel('Email').fill(uniqueEmail('oauth-replay'));
  // Catch the provider's redirect to our callback, to send it again and with a changed state.
  const callback = page.waitForRequest((request) => new URL(request.url()).pathname === '/sdk/v1/oauth/callback');
  await page.getByRole('button', { name: 'Continue' }).click();
  const callbackUrl = new URL((await callback).url());
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();

  await page.goto(callbackUrl.toString());
  await expect(page.getByRole('alert')).toContainText('An error occurred in the OAuth callback. Please try signing in again.');
  await expect(page.getByText('Signed out.')).toBeVisible();

  const tampered = new URL(callbackUrl);
  tampered.searchParams.set('state', `${callbackUrl.searchParams.get('state')}x`);
  await page.goto(tampered.toString());
  await expect(page.getByRole('alert')).toContainText('An error occurred in the OAuth callback. Please try signing in again.');
  await expect(page.getByText('Signed out.')).toBeVisible();
});

test('all 19 providers: a labelled button each, reached by keyboard, laid out at 320 px', async ({ page }, testInfo) => {
  const every = { products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: OAUTH_PROVIDER_TYPES.map((type) => ({ type })) } };
  await page.goto(configUrl(every));
  const buttons = page.getByRole('button', { name: /^Continue with (?!email)/ });
  await expect(buttons).toHaveCount(19);
  await expect(page.getByRole('button', { name: 'Continue with X' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue with Amazon' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeFocused();
  // Each logo has arrived (a placeholder holds its room until then): one drawing per button.
  await expect(page.locator('.vestibule button svg')).toHaveCount(19);
  await lookAt(page, testInfo, '1-nineteen-providers');
});

for (const [type, name, kind] of [
  ['google', 'Google', 'OpenID Connect with an ID token checked against the JWKS'],
  ['github', 'GitHub', 'OAuth 2 with a profile call and an emails call'],
  ['discord', 'Discord', 'a profile of its own shape'],
] as const) {
  test(`${name} (${kind}): signs up through the provider, then logs in as the same user`, async ({ page }) => {
    const email = uniqueEmail(`oauth-${type}`);
    // The test provider signs in whoever the OpenID Connect login_hint names, sent as a provider param.
    const config = { products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [{ type, provider_params: { login_hint: email } }] } };
    await page.goto(configUrl(config));
    await page.getByRole('button', { name: `Continue with ${name}` }).click();
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    await expect(page.getByTestId('signed-in-email')).toHaveText(email);
    const userId = await page.getByTestId('user-id').textContent();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('Signed out.')).toBeVisible();
    await page.goto(configUrl(config));
    await page.getByRole('button', { name: `Continue with ${name}` }).click();
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    await expect(page.getByTestId('user-id')).toHaveText(userId!);
  });
}
