import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { VirtualAuthenticator } from './support/authenticator';
import { lookAt } from './support/look';
import { latestMessageTo, newestMessageIdTo, passcodeIn } from './support/outbox';
import { uniqueEmail } from './support/stack';

/**
 * Issue 12: passkeys on the real stack, with Chromium's virtual authenticator standing in for the
 * device's screen lock (real keys, real ceremonies; the server verifies them).
 */

const EMAIL_OTP = { products: ['otp'], otpOptions: { methods: ['email'] } };
/** No email method: Main shows the passkey button rather than offering passkeys in autofill. */
const PASSKEY_BUTTON = { products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } };
/** An email method: passkeys are offered in the email field's autofill instead of a button. */
const PASSKEY_AUTOFILL = { products: ['otp', 'passkeys'], otpOptions: { methods: ['email'] } };
const configUrl = (path: string, config: object) => `${path}?config=${encodeURIComponent(JSON.stringify(config))}`;

async function signInWithEmailPasscode(page: Page, request: APIRequestContext, email: string) {
  // A second sign-in to the same address: the new code, not the last one's (it may not be in the outbox yet).
  const before = await newestMessageIdTo(request, email);
  await page.goto(configUrl('/', EMAIL_OTP));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await page.getByLabel('6-digit passcode').pressSequentially(passcodeIn(await latestMessageTo(request, email, before)));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Signed out.')).toBeVisible();
}

test('after a passcode sign-in the demo offers a passkey; it then signs in by the button and through autofill', async ({ page, request }, testInfo) => {
  const authenticator = await VirtualAuthenticator.attach(page);
  const email = uniqueEmail('passkey');
  await signInWithEmailPasscode(page, request, email);
  const userId = await page.getByTestId('user-id').textContent();

  // The host's offer, with the registration mount, on a device that can make a passkey.
  const offer = page.getByRole('region', { name: 'Add a passkey' });
  await expect(offer.getByRole('heading', { name: 'Set up a new Passkey' })).toBeVisible();
  await lookAt(page, testInfo, '1-offer');
  await offer.getByRole('button', { name: 'Create a Passkey' }).click();
  await expect(offer.getByRole('heading', { name: 'Passkey successfully created!' })).toBeVisible();
  await expect(offer.getByRole('list', { name: 'Existing Passkeys' }).getByRole('listitem')).toHaveCount(1);
  expect(await authenticator.credentials()).toEqual([expect.objectContaining({ rpId: 'localhost', isResidentCredential: true })]);
  await lookAt(page, testInfo, '2-created');
  await logOut(page);

  await page.goto(configUrl('/', PASSKEY_BUTTON));
  await page.getByRole('button', { name: 'Login with a Passkey' }).click();
  await expect(page.getByText('Your Passkey has been successfully authenticated.')).toBeVisible();
  await expect(page.getByTestId('user-id')).toHaveText(userId!);
  await lookAt(page, testInfo, '3-signed-in-by-button');
  await logOut(page);

  // With an email method, Main offers passkeys in the email field's autofill, not as a button.
  await authenticator.presence(false);
  await page.goto(configUrl('/', PASSKEY_AUTOFILL));
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await expect(page.getByRole('button', { name: 'Login with a Passkey' })).toHaveCount(0);
  await lookAt(page, testInfo, '4-main-with-autofill');
  // The person picks the passkey the field offers (the virtual device approves at once).
  await authenticator.presence(true);
  await page.reload();
  await expect(page.getByText('Your Passkey has been successfully authenticated.')).toBeVisible();
  await expect(page.getByTestId('user-id')).toHaveText(userId!);
});

test('the registration mount renames and deletes; a deleted passkey no longer signs in; duplicates and cancels are explained', async ({
  page,
  request,
}, testInfo) => {
  const authenticator = await VirtualAuthenticator.attach(page);
  const email = uniqueEmail('passkey-manage');
  await signInWithEmailPasscode(page, request, email);
  await page.goto('/passkeys');
  const widget = page.locator('.vestibule');
  // Registering signs in like every other method: it asks for the default 30 minutes.
  const registered = page.waitForRequest((sent) => sent.url().endsWith('/sdk/v1/webauthn/register'));
  await widget.getByRole('button', { name: 'Create a Passkey' }).click();
  expect((await registered).postDataJSON().session_duration_minutes).toBe(30);
  await expect(widget.getByRole('heading', { name: 'Passkey successfully created!' })).toBeVisible();
  const passkeys = widget.getByRole('list', { name: 'Existing Passkeys' }).getByRole('listitem');
  await expect(passkeys).toHaveCount(1);

  // Rename: the other actions wait until the new name is saved or the edit cancelled.
  await passkeys
    .first()
    .getByRole('button', { name: /Rename/ })
    .click();
  await expect(widget.getByRole('button', { name: 'Set up another Passkey' })).toBeDisabled();
  await expect(widget.getByRole('button', { name: 'Done' })).toBeDisabled();
  await lookAt(page, testInfo, '1-renaming');
  await passkeys.first().getByRole('textbox').fill('Work laptop');
  await passkeys.first().getByRole('button', { name: 'Save' }).click();
  await expect(passkeys.first()).toContainText('Work laptop');
  await expect(widget.getByRole('button', { name: 'Done' })).toBeEnabled();
  await expect(widget.getByRole('status')).toHaveText('Passkey renamed to “Work laptop”.');
  await lookAt(page, testInfo, '1b-renamed');
  // Saved on the server: a fresh page lists it under its new name.
  await page.reload();
  await widget.getByRole('button', { name: 'Skip' }).click();
  await expect(passkeys).toHaveCount(1);
  await expect(passkeys.first()).toContainText('Work laptop');

  // The same device cannot hold two passkeys for one account.
  await widget.getByRole('button', { name: 'Set up another Passkey' }).click();
  await widget.getByRole('button', { name: 'Create a Passkey' }).click();
  await expect(widget.getByRole('alert')).toHaveText(
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  );
  await lookAt(page, testInfo, '2-duplicate');

  // Delete, with its warning; the device still holds the passkey, the server no longer knows it.
  await widget.getByRole('button', { name: 'Skip' }).click();
  await passkeys
    .first()
    .getByRole('button', { name: /Delete/ })
    .click();
  await expect(widget.getByText('Once deleted, the passkey cannot be restored.')).toBeVisible();
  await lookAt(page, testInfo, '3-delete-mode');
  await widget.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(passkeys).toHaveCount(0);
  await expect(widget.getByRole('status')).toHaveText('Passkey “Work laptop” deleted.');
  await lookAt(page, testInfo, '3b-deleted');
  await logOut(page);
  await page.goto(configUrl('/', PASSKEY_BUTTON));
  await page.getByRole('button', { name: 'Login with a Passkey' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  );
  await lookAt(page, testInfo, '4-deleted-passkey');

  // A cancelled prompt creates nothing and says how to try again.
  await authenticator.clear();
  await signInWithEmailPasscode(page, request, email);
  await page.goto('/passkeys');
  await authenticator.userVerified(false);
  await widget.getByRole('button', { name: 'Create a Passkey' }).click();
  await expect(widget.getByRole('alert')).toHaveText('Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.');
  await lookAt(page, testInfo, '5-not-created');
  expect(await authenticator.credentials()).toEqual([]);
});
