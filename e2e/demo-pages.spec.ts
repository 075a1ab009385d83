import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { firstLink, latestMessageTo } from './support/outbox';
import { API_URL, demoPublicToken, uniqueEmail } from './support/stack';

test('the config query parameter sets the login widget, and the page says which config it uses', async ({ page }, testInfo) => {
  const config = { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } };
  await page.goto(`/?config=${encodeURIComponent(JSON.stringify(config))}`);
  await expect(page.getByText('Error: Cannot use both EML and Email OTP')).toBeVisible();
  await expect(page.getByTestId('mount-config')).toContainText('"otpOptions"');
  await lookAt(page, testInfo, 'config-error');
});

test('a config parameter that is not JSON is reported and the default is used', async ({ page }) => {
  await page.goto('/?config=%7Bnope');
  await expect(page.getByRole('alert').filter({ hasText: 'not valid JSON' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with email' })).toBeVisible();
});

test('each mount has its own page that names it', async ({ page }, testInfo) => {
  await page.goto('/passkeys');
  await expect(page.getByRole('heading', { name: /Mount: Passkey registration/ })).toBeVisible();
  await expect(page.getByText('Error: Cannot use PasskeyRegistration component without active user authenticated.')).toBeVisible();
  await lookAt(page, testInfo, 'passkeys-signed-out');

  await page.goto('/idp?client_id=demo-client');
  await expect(page.getByRole('heading', { name: /Mount: Identity provider/ })).toBeVisible();
  await expect(page.getByText('Required parameter is missing: redirect_uri. Please reach out to the application developer.')).toBeVisible();
  await lookAt(page, testInfo, 'idp-missing-parameter');

  await page.goto('/reset');
  await expect(page.getByRole('heading', { name: /Mount: Password reset/ })).toBeVisible();
});

test('the outbox page lists sent emails with their links', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('outbox');
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const message = await latestMessageTo(request, email);

  await page.goto('/outbox');
  const item = page.getByRole('listitem').filter({ hasText: email });
  await expect(item).toBeVisible();
  await expect(item.getByRole('link', { name: firstLink(message) })).toBeVisible();
  await lookAt(page, testInfo, 'outbox');
});

test('the outbox page writes the number a text went to as people write it', async ({ page, request }, testInfo) => {
  await page.goto('/');
  const last = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  const sent = await request.post(`${API_URL}/sdk/v1/otps/sms/login_or_create`, {
    headers: { 'X-Public-Token': await demoPublicToken(page) },
    data: { phone_number: `+447400123${last}` },
  });
  expect(sent.ok()).toBe(true);
  await latestMessageTo(request, `+447400123${last}`);

  await page.goto('/outbox');
  const item = page.getByRole('listitem').filter({ hasText: `+44 7400 123${last}` });
  await expect(item).toBeVisible();
  await expect(item.locator('.channel')).toHaveText('sms');
  await lookAt(page, testInfo, 'outbox-text-message');
});

test('with enableShadowDOM the widget renders inside a shadow root, styled, and still signs in', async ({ page, request }, testInfo) => {
  const config = { products: ['emailMagicLinks'], enableShadowDOM: true };
  await page.goto(`/?config=${encodeURIComponent(JSON.stringify(config))}`);
  const button = page.getByRole('button', { name: 'Continue with email' });
  await expect(button).toBeVisible();
  const look = await button.evaluate((element) => ({
    inShadow: element.getRootNode() instanceof ShadowRoot,
    styleInShadow: (element.getRootNode() as ShadowRoot).querySelector('style') !== null,
    background: getComputedStyle(element).backgroundColor,
  }));
  expect(look).toEqual({ inShadow: true, styleInShadow: true, background: 'rgb(11, 85, 99)' });
  await lookAt(page, testInfo, 'shadow-main');

  const email = uniqueEmail('shadow');
  await page.getByLabel('Email').fill(email);
  await button.click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await latestMessageTo(request, email);
});
