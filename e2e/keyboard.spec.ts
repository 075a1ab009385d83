import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E_DEMO_PORT, E2E_RP_PORT } from '../playwright.config';
import { VirtualAuthenticator } from './support/authenticator';
import { expect, test } from './support/fixtures';
import { activate, expectFocusVisible, tabThrough, tabTo, typeInto } from './support/keyboard';
import { firstLink, latestMessageTo, newestMessageIdTo, passcodeIn } from './support/outbox';
import { API_URL, demoPublicToken, uniqueEmail, uniquePhone } from './support/stack';
import { injectEthereumWallet } from './support/wallets';

/**
 * Issue 33, keyboard alone: each flow completed with the keyboard only, as a person without a
 * mouse does. The tests open pages (the demo, the link from an email) and read the outbox and the
 * page, but move focus only by Tab and Shift+Tab and act only by Enter, Space, arrows and typing:
 * no click, no fill, no focus set by the test. At every stop focus must be visible
 * (support/keyboard.ts).
 */

/** The widget on the page (the first, where a page has more than one). */
const widget = (page: Page) => page.locator('.vestibule').first();
const configUrl = (config: object, path = '/') => `${path}?config=${encodeURIComponent(JSON.stringify(config))}`;
const EMAIL_OTP = { products: ['otp'], otpOptions: { methods: ['email'] } };
const PASSWORDS = { products: ['passwords', 'emailMagicLinks'] };
/** Long, unusual and in no breach corpus: every policy takes it. */
const STRONG = 'Quartz-Lantern-Fjord-Mosaic-58';
const STRONGER = 'Velvet-Harbor-Glacier-Tundra-71';

/** Types the address in the login widget's email field and presses its Continue button. */
async function continueWithEmail(page: Page, email: string) {
  await typeInto(page, page.getByLabel('Email'), email);
  await activate(page, page.getByRole('button', { name: 'Continue with email' }));
}

/** Types the newest passcode sent to the address (newer than `before`) into the passcode entry. */
async function enterPasscode(page: Page, request: APIRequestContext, to: string, before?: string, scope: Page | Locator = page) {
  const code = passcodeIn(await latestMessageTo(request, to, before));
  await typeInto(page, scope.getByLabel('6-digit passcode'), code);
}

/** The demo's session panel, above the widgets: 'Log out' by the keyboard, going back up. */
async function logOut(page: Page) {
  await activate(page, page.getByRole('button', { name: 'Log out' }), { backwards: true });
  await expect(page.getByText('Signed out.')).toBeVisible();
}

/** Signs in on the demo's login page with an email passcode, by the keyboard. */
async function signInWithEmailPasscode(page: Page, request: APIRequestContext, email: string) {
  const before = await newestMessageIdTo(request, email);
  await page.goto(configUrl(EMAIL_OTP));
  await continueWithEmail(page, email);
  await enterPasscode(page, request, email, before);
  // The widget moves focus to its new screen's heading: the person goes on from there.
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeFocused();
}

/** An account with a password, made through the API (what is under test is what follows). */
async function passwordAccount(page: Page, request: APIRequestContext, email: string) {
  await page.goto(configUrl(PASSWORDS));
  const created = await request.post(`${API_URL}/sdk/v1/passwords`, {
    headers: { 'X-Public-Token': await demoPublicToken(page) },
    data: { email, password: STRONG },
  });
  expect(created.status()).toBe(200);
}

test('magic link: sign up by the emailed link', async ({ page, request }) => {
  const email = uniqueEmail('kbd-link');
  await page.goto(configUrl({ products: ['emailMagicLinks'] }));
  await continueWithEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeFocused();
  // Every control of the screen (the webmail links, Try again) shows its focus.
  await tabThrough(page, widget(page));
  await page.goto(firstLink(await latestMessageTo(request, email)));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
});

test('passcode by email: sign up with the code typed in', async ({ page, request }) => {
  const email = uniqueEmail('kbd-otp');
  await page.goto(configUrl(EMAIL_OTP));
  await continueWithEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  await expect(page.getByLabel('6-digit passcode')).toBeFocused();
  // Every control of the screen (Back, the entry, Resend code) shows its focus; then back to the entry.
  await tabThrough(page, widget(page));
  await typeInto(page, page.getByLabel('6-digit passcode'), passcodeIn(await latestMessageTo(request, email)), { backwards: true });
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
});

test('passcode by text message: the Text tab chosen by arrow keys, the number and the code typed in', async ({ page, request }) => {
  const phone = uniquePhone();
  // WhatsApp first: the person moves to the Text tab with an arrow key, as tabs are used.
  await page.goto(configUrl({ products: ['otp'], otpOptions: { methods: ['whatsapp', 'sms'] } }));
  const whatsapp = page.getByRole('tab', { name: 'WhatsApp' });
  const text = page.getByRole('tab', { name: 'Text' });
  await expect(whatsapp).toHaveAttribute('aria-selected', 'true');
  await activate(page, whatsapp, { key: 'ArrowRight' });
  await expect(text).toHaveAttribute('aria-selected', 'true');
  await expectFocusVisible(page, 'on the Text tab');
  await typeInto(page, page.getByLabel('Phone number'), phone.typed);
  await activate(page, page.getByRole('button', { name: 'Continue with text message' }));
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  const message = await latestMessageTo(request, phone.e164);
  expect(message.channel).toBe('sms');
  await typeInto(page, page.getByLabel('6-digit passcode'), passcodeIn(message));
  await expect(page.getByText('Your passcode has been successfully verified.')).toBeVisible();
  await expect(page.getByTestId('signed-in-phone')).toBeVisible();
});

test('password sign-up: create a password, shown and hidden, and continue', async ({ page }) => {
  const email = uniqueEmail('kbd-pw-signup');
  await page.goto(configUrl(PASSWORDS));
  await continueWithEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await activate(page, page.getByRole('button', { name: 'Create a password' }));
  const password = page.getByLabel('Password', { exact: true });
  await typeInto(page, password, STRONG);
  // The eye button is in reach and works by Space.
  await activate(page, page.getByRole('button', { name: 'Show password' }), { key: 'Space' });
  await expect(password).toHaveAttribute('type', 'text');
  await expect(page.getByText('Password strength: 4 of 4')).toBeVisible();
  await activate(page, page.getByRole('button', { name: 'Continue', exact: true }));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
});

test('password login: the address, then the password', async ({ page, request }) => {
  const email = uniqueEmail('kbd-pw-login');
  await passwordAccount(page, request, email);
  await page.goto(configUrl(PASSWORDS));
  await continueWithEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeFocused();
  await tabThrough(page, widget(page));
  await typeInto(page, page.getByLabel('Password', { exact: true }), STRONG, { backwards: true });
  await activate(page, page.getByRole('button', { name: 'Continue', exact: true }));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
});

test('password reset: Forgot Password?, the emailed link, a new password', async ({ page, request }) => {
  const email = uniqueEmail('kbd-pw-reset');
  await passwordAccount(page, request, email);
  await page.goto(configUrl(PASSWORDS));
  await continueWithEmail(page, email);
  await activate(page, page.getByRole('button', { name: 'Forgot Password?' }));
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  const link = firstLink(await latestMessageTo(request, email));
  expect(new URL(link).searchParams.get('vestibule_token_type')).toBe('reset_password');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await typeInto(page, page.getByLabel('New password'), STRONGER);
  await activate(page, page.getByRole('button', { name: 'Continue', exact: true }));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
});

test('passkey: create one after a passcode sign-in, then sign in with it', async ({ page, request }) => {
  const authenticator = await VirtualAuthenticator.attach(page);
  const email = uniqueEmail('kbd-passkey');
  await signInWithEmailPasscode(page, request, email);
  const userId = await page.getByTestId('user-id').textContent();
  const offer = page.getByRole('region', { name: 'Add a passkey' });
  await activate(page, offer.getByRole('button', { name: 'Create a Passkey' }));
  await expect(offer.getByRole('heading', { name: 'Passkey successfully created!' })).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  await logOut(page);

  await page.goto(configUrl({ products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } }));
  await activate(page, page.getByRole('button', { name: 'Login with a Passkey' }));
  await expect(page.getByText('Your Passkey has been successfully authenticated.')).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
  await expect(page.getByTestId('user-id')).toHaveText(userId!);
});

test('social sign-in through the development provider, its page driven by the keyboard too', async ({ page }) => {
  const email = uniqueEmail('kbd-oauth');
  await page.goto(configUrl({ products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [{ type: 'slack' }, { type: 'twitch' }] } }));
  await activate(page, page.getByRole('button', { name: 'Continue with Twitch' }));
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await typeInto(page, page.getByLabel('Email'), email);
  await activate(page, page.getByRole('button', { name: 'Continue' }));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
});

test('wallet: an Ethereum wallet signs in', async ({ page }) => {
  const wallet = await injectEthereumWallet(page);
  await page.goto(configUrl({ products: ['crypto', 'emailMagicLinks'] }));
  await activate(page, page.getByRole('button', { name: 'Continue with MetaMask' }));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-wallet')).toHaveText(wallet.address);
});

test('the identity provider: sign in on its page, Allow on the consent screen, then Yes on its logout screen', async ({ page, request }) => {
  const rp = `http://localhost:${E2E_RP_PORT}`;
  const email = uniqueEmail('kbd-idp');
  await page.goto(rp);
  await activate(page, page.getByRole('link', { name: 'Sign in with Vestibule' }));
  await expect(page.getByText('No active session detected. Please log in to continue.')).toBeVisible();
  const login = page.getByRole('region', { name: 'Sign in to continue' });
  const before = await newestMessageIdTo(request, email);
  await typeInto(page, login.getByLabel('Email'), email);
  await activate(page, login.getByRole('button', { name: /^Continue/ }));
  // The page's login widget offers a password too: a new address chooses how to sign in.
  await expect(login.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await activate(page, login.getByRole('button', { name: 'Email me a code' }));
  await enterPasscode(page, request, email, before, login);

  const consent = page.getByRole('heading', { name: 'Sign in to Sample app with Vestibule Demo' });
  await expect(consent).toBeVisible();
  // The request goes on above the login widget, whose 'Success!' keeps the focus: back up to it.
  await expect(login.getByRole('heading', { name: 'Success!' })).toBeFocused();
  const allow = page.getByRole('button', { name: 'Allow' });
  await tabTo(page, allow, { backwards: true });
  await tabThrough(page, page.locator('.vestibule', { has: consent }));
  await activate(page, allow, { backwards: true });
  await expect(page).toHaveURL(`${rp}/`);
  await expect(page.getByTestId('rp-email')).toHaveText(email);

  await page.goto(`http://localhost:${E2E_DEMO_PORT}/idp?client_id=demo-rp&post_logout_redirect_uri=${encodeURIComponent(`${rp}/`)}&state=bye`);
  const logout = page.getByRole('heading', { name: 'Log out?' });
  await expect(logout).toBeVisible();
  await tabThrough(page, page.locator('.vestibule', { has: logout }));
  await activate(page, page.getByRole('button', { name: 'Yes' }), { backwards: true });
  await expect(page).toHaveURL(`${rp}/?state=bye`);
  await page.goto(`http://localhost:${E2E_DEMO_PORT}/`);
  await expect(page.getByText('Signed out.')).toBeVisible();
});

test('the account page: add an email address with the passcode sent to it, and make it primary', async ({ page, request }) => {
  const email = uniqueEmail('kbd-account');
  await page.goto('/account');
  await continueWithEmail(page, email);
  await enterPasscode(page, request, email);
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  // Every control of the page shows its focus.
  await tabThrough(page, widget(page), 40);

  const emails = page.getByRole('region', { name: 'Email addresses' });
  const second = uniqueEmail('kbd-account-second');
  await activate(page, emails.getByRole('button', { name: 'Add email address' }), { backwards: true });
  await typeInto(page, emails.getByLabel('New email address'), second);
  await activate(page, emails.getByRole('button', { name: 'Send code' }));
  await enterPasscode(page, request, second, undefined, emails);
  await expect(emails.getByRole('listitem')).toHaveCount(2);
  await expect(emails.getByRole('listitem').nth(1)).toContainText('Verified');
  // The new address's row is above its form's button: back up to it.
  await activate(page, emails.getByRole('button', { name: `Make primary ${second}` }), { backwards: true });
  await expect(emails.getByRole('listitem').filter({ hasText: second })).toContainText('Primary');
});
