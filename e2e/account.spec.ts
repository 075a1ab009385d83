import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { VirtualAuthenticator } from './support/authenticator';
import { signIn } from './support/account';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { latestMessageTo, passcodeIn } from './support/outbox';
import { API_URL, demoPublicToken, uniqueEmail, uniquePhone } from './support/stack';
import { injectEthereumWallet } from './support/wallets';

/**
 * Issue 28: the account page on the real stack (the demo's /account, the server, its database and
 * Chromium), section by section, as a person uses it: codes come from the outbox, a social account
 * from the development OAuth provider, a second device is a second browser context.
 */

/** A long address (its part before @ near the 64 characters an address may have), so every screen is also seen with one that does not fit a narrow line. */
const longEmail = (label: string) => uniqueEmail(`${label}.with-a-rather.long-name`);
const configUrl = (config: object) => `/account?config=${encodeURIComponent(JSON.stringify(config))}`;
/** Connected accounts through providers that, in development, the server's own OAuth provider stands in for. */
const WITH_SOCIAL = {
  products: ['otp', 'passwords', 'oauth'],
  otpOptions: { methods: ['email', 'sms'] },
  oauthOptions: { providers: [{ type: 'twitch' }, { type: 'slack' }] },
};

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('email addresses: add one with the passcode sent to it, make it primary, remove the other; the last one is refused', async ({
  page,
  request,
}, testInfo) => {
  const email = longEmail('account-emails');
  await signIn(page, request, email);
  const emails = section(page, 'Email addresses');
  await expect(emails.getByRole('listitem')).toHaveCount(1);
  await expect(emails.getByRole('listitem').first()).toContainText(email);
  await expect(emails.getByRole('listitem').first()).toContainText('Primary');
  await lookAt(page, testInfo, '1-signed-in');

  // The only way in cannot go: the page says what to add first.
  await emails.getByRole('button', { name: `Remove ${email}` }).click();
  await expect(emails.getByRole('alert')).toContainText('This is your only way to sign in.');
  await lookAt(page, testInfo, '2-last-way-in');

  const second = uniqueEmail('account-second');
  await emails.getByRole('button', { name: 'Add email address' }).click();
  await expect(emails.getByLabel('New email address')).toBeFocused();
  await emails.getByLabel('New email address').fill(second);
  await emails.getByRole('button', { name: 'Send code' }).click();
  await expect(emails.getByLabel('6-digit passcode')).toBeFocused();
  await lookAt(page, testInfo, '3-code-sent');
  await emails.getByLabel('6-digit passcode').pressSequentially(passcodeIn(await latestMessageTo(request, second)));
  await expect(emails.getByRole('listitem')).toHaveCount(2);
  await expect(emails.getByRole('listitem').nth(1)).toContainText(second);
  await expect(emails.getByRole('listitem').nth(1)).toContainText('Verified');

  await emails.getByRole('button', { name: `Make primary ${second}` }).click();
  await expect(emails.getByRole('listitem').filter({ hasText: second })).toContainText('Primary');
  await emails.getByRole('button', { name: `Remove ${email}` }).click();
  await expect(emails.getByRole('listitem')).toHaveCount(1);
  await expect(emails.getByRole('listitem').first()).toContainText(second);
  await lookAt(page, testInfo, '4-changed');
});

test('phone numbers: add one with the text passcode from the outbox, then remove it', async ({ page, request }, testInfo) => {
  await signIn(page, request, uniqueEmail('account-phones'));
  const phones = section(page, 'Phone numbers');
  const phone = uniquePhone();
  await phones.getByRole('button', { name: 'Add phone number' }).click();
  await phones.getByLabel('Phone number').pressSequentially(phone.typed);
  await phones.getByRole('button', { name: 'Send code' }).click();
  await phones.getByLabel('6-digit passcode').pressSequentially(passcodeIn(await latestMessageTo(request, phone.e164)));
  await expect(phones.getByRole('listitem')).toHaveCount(1);
  await expect(phones.getByRole('listitem').first()).toContainText('Verified');
  await lookAt(page, testInfo, '1-added');
  await phones.getByRole('button', { name: /^Remove / }).click();
  await expect(phones.getByRole('listitem')).toHaveCount(0);
  await expect(phones).toContainText('No phone number yet.');
});

test('password: set one with the strength meter, then change it with the current one; it signs in', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('account-password');
  await signIn(page, request, email);
  const password = section(page, 'Password');
  await expect(password).toContainText('You sign in without a password.');
  await password.getByRole('button', { name: 'Set a password' }).click();
  await password.getByLabel('New password').fill('orbit Pickle 74 lantern quasar');
  await lookAt(page, testInfo, '1-set');
  await password.getByRole('button', { name: 'Save password' }).click();
  await expect(password).toContainText('Your password is set.');

  await password.getByRole('button', { name: 'Change password' }).click();
  await password.getByLabel('Current password').fill('orbit Pickle 74 lantern quasar');
  await password.getByLabel('New password').fill('velvet Harbor 19 quiet meteor');
  await password.getByRole('checkbox', { name: 'Sign out of other devices' }).check();
  await lookAt(page, testInfo, '2-change');
  await password.getByRole('button', { name: 'Save password' }).click();
  await expect(password).toContainText('Your password is changed, and your other devices are signed out.');

  const publicToken = await demoPublicToken(page);
  const signedIn = await request.post(`${API_URL}/sdk/v1/passwords/authenticate`, {
    headers: { 'X-Public-Token': publicToken },
    data: { email, password: 'velvet Harbor 19 quiet meteor' },
  });
  expect(signedIn.status()).toBe(200);
});

test('connected accounts: connect through the development provider, come back to the page, disconnect', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('account-social');
  await signIn(page, request, email, configUrl(WITH_SOCIAL));
  const connected = section(page, 'Connected accounts');
  await connected.getByRole('button', { name: 'Connect Twitch' }).click();
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  const theirs = uniqueEmail('twitch-account');
  await page.getByLabel('Email').fill(theirs);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  const linked = connected.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Disconnect / }) });
  await expect(linked).toHaveCount(1);
  await expect(linked).toContainText('Twitch');
  await expect(linked).toContainText(theirs);
  await expect(connected.getByRole('status')).toContainText('Your Twitch account is connected.');
  expect(new URL(page.url()).searchParams.get('token')).toBeNull();
  await lookAt(page, testInfo, '1-connected');

  await connected.getByRole('button', { name: /^Disconnect / }).click();
  await expect(linked).toHaveCount(0);
  await expect(connected.getByRole('status')).toContainText('Your Twitch account is disconnected.');
});

async function secondDevice(browser: Browser, request: APIRequestContext, email: string) {
  const context = await browser.newContext({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  await signIn(page, request, email);
  return { context, page };
}

test('signed-in devices: the second device shows with its browser; signing it out from the first ends it there', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const email = uniqueEmail('account-devices');
  await signIn(page, request, email);
  const other = await secondDevice(browser, request, email);
  await page.reload();
  const devices = section(page, 'Signed-in devices');
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  const phone = devices.getByRole('listitem').filter({ hasText: 'Mobile Safari' });
  await expect(phone).toContainText('iOS');
  await lookAt(page, testInfo, '1-two-devices');

  await phone.getByRole('button', { name: /^Sign out / }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await other.page.reload();
  await expect(other.page.getByRole('heading', { name: 'Your account' })).toHaveCount(0);
  await expect(other.page.getByLabel('Email')).toBeVisible();
  await other.context.close();
});

test('delete account: type the address to confirm; the account and every session of it are gone', async ({ page, browser, request }, testInfo) => {
  const email = longEmail('account-delete');
  await signIn(page, request, email);
  const other = await secondDevice(browser, request, email);
  await page.reload();
  const remove = section(page, 'Delete account');
  await remove.getByRole('button', { name: 'Delete account' }).click();
  const confirm = remove.getByLabel(`Type ${email} to confirm`);
  await expect(confirm).toBeFocused();
  await expect(remove.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await confirm.fill(email);
  await lookAt(page, testInfo, '1-confirm');
  await remove.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await lookAt(page, testInfo, '2-deleted');

  await other.page.reload();
  await expect(other.page.getByLabel('Email')).toBeVisible();
  await other.context.close();
  // Signing in again with the address makes a new, empty account.
  await signIn(page, request, email);
  await expect(section(page, 'Signed-in devices').getByRole('listitem')).toHaveCount(1);
});

test('passkeys: add one with the device, rename it, delete it', async ({ page, request }, testInfo) => {
  const authenticator = await VirtualAuthenticator.attach(page);
  await signIn(page, request, longEmail('account-passkeys'));
  const passkeys = section(page, 'Passkeys');
  await expect(passkeys).toContainText('You have no passkeys yet.');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('status')).toHaveText('Passkey added.');
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys.getByRole('listitem').first()).toContainText('Passkey');
  // The device holds it for this site, as a passkey (a credential it can offer without a name typed first).
  expect(await authenticator.credentials()).toEqual([expect.objectContaining({ rpId: 'localhost', isResidentCredential: true })]);
  await lookAt(page, testInfo, '1-added');

  // The registration mount's list: Rename edits the name in place, the section's other action waits.
  await passkeys.getByRole('button', { name: 'Rename Passkey' }).click();
  await expect(passkeys.getByLabel('Passkey name')).toBeFocused();
  await expect(passkeys.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
  await passkeys.getByLabel('Passkey name').fill('Work laptop');
  await lookAt(page, testInfo, '2-renaming');
  await passkeys.getByRole('button', { name: 'Save' }).click();
  await expect(passkeys.getByRole('status')).toHaveText('Passkey renamed to “Work laptop”.');
  await expect(passkeys.getByRole('listitem').first()).toContainText('Work laptop');
  // Saved on the server: a fresh page lists it under its new name.
  await page.reload();
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys.getByRole('listitem').first()).toContainText('Work laptop');
  await lookAt(page, testInfo, '3-renamed');

  // Delete asks first, in place, with the warning.
  await passkeys.getByRole('button', { name: 'Delete Work laptop' }).click();
  await expect(passkeys).toContainText('Once deleted, the passkey cannot be restored.');
  // Known: in the account mount its Cancel breaks mid-word ('Cance|l'), even at full width (account/styles.css lets every button's text wrap anywhere).
  await lookAt(page, testInfo, '4-deleting');
  await passkeys.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(passkeys.getByRole('status')).toHaveText('Passkey “Work laptop” deleted.');
  await expect(passkeys.getByRole('listitem')).toHaveCount(0);
  await expect(passkeys).toContainText('You have no passkeys yet.');
  await page.reload();
  await expect(passkeys).toContainText('You have no passkeys yet.');
});

test("wallets: connect the browser's Ethereum wallet (it signs the message), then remove it", async ({ page, request }, testInfo) => {
  // The wallet announces itself as the page loads (EIP-6963), so it is injected before the sign-in's first page.
  const wallet = await injectEthereumWallet(page);
  await signIn(page, request, longEmail('account-wallets'));
  const wallets = section(page, 'Wallets');
  await expect(wallets).toContainText('No wallet connected yet.');
  await wallets.getByRole('button', { name: 'Connect wallet' }).click();
  await expect(wallets).toContainText('Your wallet signs a message to show it is yours.');
  await lookAt(page, testInfo, '1-choose');
  await wallets.getByRole('button', { name: 'MetaMask' }).click();
  await expect(wallets.getByRole('status')).toHaveText('Wallet connected.');
  const linked = wallets.getByRole('listitem');
  await expect(linked).toHaveCount(1);
  await expect(linked.first()).toContainText(wallet.address);
  await expect(linked.first()).toContainText('Ethereum wallet');
  // Shown short as wallets show addresses, read out in full.
  await expect(linked.first()).toContainText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`);
  await lookAt(page, testInfo, '2-connected');

  await wallets.getByRole('button', { name: `Remove ${wallet.address}` }).click();
  await expect(wallets.getByRole('status')).toHaveText('Wallet removed.');
  await expect(linked).toHaveCount(0);
  await expect(wallets).toContainText('No wallet connected yet.');
  await page.reload();
  await expect(wallets).toContainText('No wallet connected yet.');
});
