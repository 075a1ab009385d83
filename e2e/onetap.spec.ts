import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { uniqueEmail } from './support/stack';

/**
 * Issue 13, Google one-tap on the real stack. The stack's one-tap script URL points at the test
 * provider's stand-in for Google Identity Services (e2e/fixtures/gsi-client.js): it draws its card
 * into the widget's container and hands the callback an ID token signed with the key of the test
 * provider's JWKS, which is the stack's Google JWKS, so the real server verifies a real signature.
 */
const ONE_TAP = { products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [{ type: 'google', one_tap: true }] } };
const configUrl = (config: object) => `/?config=${encodeURIComponent(JSON.stringify(config))}`;

test('one-tap: the prompt shows in its container, its credential signs up, and again logs in as the same user', async ({ page }, testInfo) => {
  const email = uniqueEmail('onetap');
  await page.addInitScript((address) => Object.assign(window, { __gsiStandInEmail: address }), email);
  await page.goto(configUrl(ONE_TAP));
  const container = page.locator('.vst-onetap');
  await expect(container).toHaveAttribute('data-state', 'shown');
  // The plain button stays as the fallback.
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  // The stand-in's card is 120 px high: the container follows it (47 px before).
  await expect(container).toHaveCSS('height', '120px');
  await lookAt(page, testInfo, '1-one-tap-shown');

  // As after a button: the server answers the redirect URL with a one-time token, the page goes
  // there, and the landing (the demo's /reset) exchanges it for a session.
  await page.getByRole('button', { name: `Continue as ${email}` }).click();
  await expect(page).toHaveURL(/\/reset$/);
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
  const userId = await page.getByTestId('user-id').textContent();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Signed out.')).toBeVisible();
  await page.goto(configUrl(ONE_TAP));
  await page.getByRole('button', { name: `Continue as ${email}` }).click();
  await expect(page).toHaveURL(/\/reset$/);
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('user-id')).toHaveText(userId!);
});

test('one-tap closed: cancelled, the container takes no room, the Google button still signs in', async ({ page }) => {
  await page.goto(configUrl(ONE_TAP));
  await expect(page.locator('.vst-onetap')).toHaveAttribute('data-state', 'shown');
  await page.getByRole('button', { name: 'Close one-tap' }).click();
  await expect(page.locator('.vst-onetap')).toHaveAttribute('data-state', 'cancelled');
  await expect(page.locator('.vst-onetap')).toBeHidden();
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
});
