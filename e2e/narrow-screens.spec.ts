import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { narrowScreenProblems } from './support/narrow';

/**
 * Issue 11: at 320 px and with a long address, no text box breaks a word, nothing overflows the
 * widget and no focus ring is cut off (lookAt measures every screen it is given at 320 px), and
 * focus moves to each new screen's heading, or to the field where typing is expected.
 */

const configUrl = (config: object) => `/?config=${encodeURIComponent(JSON.stringify(config))}`;
/** A long address whose parts (each shorter than the line) can only wrap at '@', dots and hyphens. */
const longEmail = (label: string) => `maximilian.alexander.wolfeschlegelsteinhausen.${label}${Date.now()}@mail.subdomain.example-company.co.uk`;
const STRONG = 'Quartz-Lantern-Fjord-Mosaic-58';

/** Focus is on the screen's title (or the named field) inside the widget, not left on the page. */
async function expectFocusOn(page: Page, what: { heading: string } | { field: string }) {
  const target = 'heading' in what ? page.getByRole('heading', { name: what.heading }) : page.getByLabel(what.field, { exact: true });
  await expect(target).toBeFocused();
}

async function submitEmail(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
});

test('Main with three passcode tabs and passwords fits 320 px; tab labels stay whole', async ({ page }, testInfo) => {
  await page.goto(configUrl({ products: ['otp', 'passwords'], otpOptions: { methods: ['sms', 'whatsapp', 'email'] } }));
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Text', 'WhatsApp', 'Email']);
  // One line each: a tab is as tall as its single line of text plus padding.
  for (const tab of await tabs.all()) expect((await tab.boundingBox())!.height).toBeLessThan(50);
  await lookAt(page, testInfo, '1-main-text');
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  await lookAt(page, testInfo, '2-main-whatsapp');
  await page.getByRole('tab', { name: 'Email' }).focus();
  await page.keyboard.press('Enter');
  await expect(narrowScreenProblems(page)).resolves.toEqual([]);
});

test('password sign-up, log in and forgot password with a long address at 320 px, focus on each new screen', async ({ page }, testInfo) => {
  const email = longEmail('pw');
  await page.goto(configUrl({ products: ['passwords', 'emailMagicLinks'] }));
  await submitEmail(page, email);
  await expectFocusOn(page, { heading: 'Create an account' });
  await lookAt(page, testInfo, '1-create-account');

  await page.getByRole('button', { name: 'Create a password' }).click();
  await expectFocusOn(page, { field: 'Password' });
  await expect(page.locator('.vst-account-email')).toHaveText(email);
  await page.keyboard.type('plumbing7');
  await expect(page.locator('.vst-strength-level')).toBeVisible();
  await lookAt(page, testInfo, '2-weak-password');
  await page.getByLabel('Password', { exact: true }).fill(STRONG);
  await expect(page.locator('.vst-strength-level')).toHaveText('Strong');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectFocusOn(page, { heading: 'Success!' });

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto(configUrl({ products: ['passwords', 'emailMagicLinks'] }));
  await submitEmail(page, email);
  await expectFocusOn(page, { heading: 'Log in' });
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-at-all');
  await page.getByRole('button', { name: 'Continue' }).click();
  const error = page.getByText('Unauthorized credentials.');
  await expect(error).toBeVisible();
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Unauthorized credentials.');
  await expect(error).toHaveAttribute('role', 'alert');
  await lookAt(page, testInfo, '3-log-in-wrong-password');

  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expectFocusOn(page, { heading: 'Forgot password?' });
  await lookAt(page, testInfo, '4-forgot-password');
  await page.getByRole('button', { name: 'Back' }).click();
  await expectFocusOn(page, { heading: 'Sign up or log in' });
});

test('the magic-link and email-passcode screens name a long address without breaking its parts', async ({ page }, testInfo) => {
  await page.goto(configUrl({ products: ['emailMagicLinks'] }));
  await submitEmail(page, longEmail('link'));
  await expectFocusOn(page, { heading: 'Check your email' });
  await lookAt(page, testInfo, '1-email-confirmation');

  await page.goto(configUrl({ products: ['otp'], otpOptions: { methods: ['email'] } }));
  await submitEmail(page, longEmail('code'));
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  await lookAt(page, testInfo, '2-enter-passcode');
});

test('an invalid email is tied to its field and announced', async ({ page }) => {
  await page.goto(configUrl({ products: ['emailMagicLinks'] }));
  await submitEmail(page, 'not-an-email');
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Email format is invalid.');
  await expect(page.getByRole('alert').filter({ hasText: 'Email format is invalid.' })).toBeVisible();
});
