import type { Locator, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { signIn } from './support/account';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { latestMessageTo, newestMessageIdTo, passcodeIn } from './support/outbox';
import { startStack } from './support/stack-process';
import { uniqueEmail } from './support/stack';

/**
 * Issue 29: two-step verification on the real stack, as a person meets it. The codes come from the
 * key the page shows, computed as an authenticator app computes them (RFC 6238, by the otpauth
 * library); the widget never hands the test a code.
 */

const EMAIL_OTP = { products: ['otp'], otpOptions: { methods: ['email'] } };
const loginUrl = (config: object = EMAIL_OTP) => `/?config=${encodeURIComponent(JSON.stringify(config))}`;
const longEmail = (label: string) => uniqueEmail(`${label}.with-a-rather.long-name`);

/** The code an app shows for the key `steps` periods of 30 seconds from now (one step of drift is accepted either side). */
const appCode = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** The key under 'Can't scan the code? Enter this key instead', as the person would type it (groups of four, spaces dropped). */
async function shownKey(scope: Locator): Promise<string> {
  const key = scope.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await expect(key).toBeVisible();
  return (await key.textContent())!.replace(/\s/g, '');
}

/** The recovery codes shown once (abcd-efgh). */
async function shownRecoveryCodes(scope: Locator): Promise<string[]> {
  const list = scope.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  return (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
}

/** The login widget's first step by email passcode; the stack's outbox at `api`. */
async function firstStepByPasscode(page: Page, request: Parameters<typeof latestMessageTo>[0], email: string, url: string, api?: string) {
  await page.goto(url);
  await page.getByLabel('Email').fill(email);
  const before = await newestMessageIdTo(request, email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await page.getByLabel('6-digit passcode').pressSequentially(passcodeIn(await latestMessageTo(request, email, before, api)));
}

const cookieNames = async (page: Page) => (await page.context().cookies()).map((cookie) => cookie.name);

test('turned on from the account page, it asks every later sign-in for a code from the app or a recovery code; then turned off', async ({
  page,
  request,
}, testInfo) => {
  const email = longEmail('two-step');
  await signIn(page, request, email);
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await expect(section).toContainText('Ask for a code from an authenticator app when you sign in.');
  await section.getByRole('button', { name: 'Add authenticator app' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(section.getByText("Can't scan the code? Enter this key instead")).toBeVisible();
  const secret = await shownKey(section);
  await lookAt(page, testInfo, '1-add-app');

  // A code of the wrong shape is refused at the field, announced, before anything is sent.
  await section.getByLabel('Enter the 6-digit code').fill('12345');
  await section.getByLabel('Enter the 6-digit code').press('Enter');
  await expect(section.getByLabel('Enter the 6-digit code')).toHaveAccessibleDescription(/6 digits/);
  await section.getByLabel('Enter the 6-digit code').fill(appCode(secret));
  await section.getByLabel('Enter the 6-digit code').press('Enter');
  const codes = await shownRecoveryCodes(section);
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
  await expect(section.getByRole('button', { name: /^Copy/ })).toBeVisible();
  await expect(section.getByRole('button', { name: /^Download/ })).toBeVisible();
  await lookAt(page, testInfo, '2-recovery-codes');
  await section.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(section).toContainText('10 recovery codes left.');
  await lookAt(page, testInfo, '3-on');

  // Signed out, the next sign-in stops at the second step: the intermediate session's cookie only.
  await page.getByRole('button', { name: 'Log out' }).click();
  await firstStepByPasscode(page, request, email, loginUrl());
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(page.getByLabel('Enter the code from your authenticator app')).toBeFocused();
  expect(await cookieNames(page)).toContain('vestibule_intermediate_session_token');
  expect(await cookieNames(page)).not.toContain('vestibule_session');
  await lookAt(page, testInfo, '4-second-step');

  // The code that turned it on was used in its 30 seconds; the next one signs in.
  await page.getByLabel('Enter the code from your authenticator app').pressSequentially(appCode(secret, 1));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
  expect(await cookieNames(page)).toContain('vestibule_session');
  expect(await cookieNames(page)).not.toContain('vestibule_intermediate_session_token');

  // A recovery code instead, typed as a person might (upper case); the answer says how many are left.
  await page.getByRole('button', { name: 'Log out' }).click();
  await firstStepByPasscode(page, request, email, loginUrl());
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeFocused();
  await page.getByLabel('Recovery code').fill('zzzz-zzzz');
  await page.getByLabel('Recovery code').press('Enter');
  await expect(page.getByRole('alert')).toContainText('That recovery code is not right');
  await lookAt(page, testInfo, '5-recovery-code-refused');
  await page.getByLabel('Recovery code').fill(codes[0]!.toUpperCase());
  await page.getByLabel('Recovery code').press('Enter');
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByText('You have 9 recovery codes left.')).toBeVisible();
  await lookAt(page, testInfo, '6-signed-in-with-recovery-code');

  await page.goto('/account');
  await expect(section).toContainText('9 recovery codes left.');
  await section.getByRole('button', { name: 'Turn off' }).click();
  await expect(section.getByRole('heading', { name: 'Turn off two-step verification?' })).toBeVisible();
  await lookAt(page, testInfo, '7-turn-off');
  await section.getByRole('button', { name: 'Turn off two-step verification' }).click();
  await expect(section).toContainText('Two-step verification is off.');
  await expect(section.getByRole('button', { name: 'Add authenticator app' })).toBeVisible();

  // Off, a sign-in goes straight through.
  await page.getByRole('button', { name: 'Log out' }).click();
  await firstStepByPasscode(page, request, email, loginUrl());
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
});

test('a wrong code from the app is refused under the field, and the right one still signs in', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('two-step-wrong');
  await signIn(page, request, email);
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await section.getByRole('button', { name: 'Add authenticator app' }).click();
  const secret = await shownKey(section);
  await section.getByLabel('Enter the 6-digit code').fill(appCode(secret));
  await section.getByLabel('Enter the 6-digit code').press('Enter');
  await shownRecoveryCodes(section);
  await section.getByRole('button', { name: 'I have saved these codes' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();

  await firstStepByPasscode(page, request, email, loginUrl());
  const right = appCode(secret, 1);
  const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel('Enter the code from your authenticator app').pressSequentially(wrong);
  await expect(page.getByRole('alert')).toContainText('That code is not right.');
  await lookAt(page, testInfo, '1-wrong-code');
  await page.getByLabel('Enter the code from your authenticator app').fill('');
  await page.getByLabel('Enter the code from your authenticator app').pressSequentially(right);
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
});

test('where the project requires it, a person without an app adds one inside the login widget before any session exists', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const stack = await startStack({ apiPort: 28797, demoPort: 23010, env: { VESTIBULE_MFA: 'required' } });
  try {
    const email = longEmail('two-step-required');
    await firstStepByPasscode(page, request, email, `${stack.demoUrl}${loginUrl()}`, stack.apiUrl);
    await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    expect(await cookieNames(page)).not.toContain('vestibule_session');
    const widget = page.locator('body');
    const secret = await shownKey(widget);
    await lookAt(page, testInfo, '1-set-up');
    await page.getByLabel('Enter the 6-digit code').pressSequentially(appCode(secret));
    await shownRecoveryCodes(widget);
    await lookAt(page, testInfo, '2-recovery-codes');
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    await expect(page.getByTestId('signed-in-email')).toHaveText(email);
    await lookAt(page, testInfo, '3-signed-in');
  } finally {
    await stack.stop();
  }
});
