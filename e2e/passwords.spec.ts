import type { APIRequestContext, Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OutboxResponse } from '@vestibule/contract';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { firstLink, latestMessageTo } from './support/outbox';
import { API_URL, demoPublicToken, uniqueEmail } from './support/stack';
import { startStack } from './support/stack-process';

const PASSWORDS = { products: ['passwords', 'emailMagicLinks'] };
const configUrl = (config: object, base = '') => `${base}/?config=${encodeURIComponent(JSON.stringify(config))}`;
/** Long, unusual and in no breach corpus: every policy takes it. */
const STRONG = 'Quartz-Lantern-Fjord-Mosaic-58';
const STRONGER = 'Velvet-Harbor-Glacier-Tundra-71';

async function submitEmail(page: Page, email: string, base = '') {
  await page.goto(configUrl(PASSWORDS, base));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
}

async function createWithPassword(page: Page, email: string, password: string, base = '') {
  await submitEmail(page, email, base);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create a password' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
}

/** The form names its account in words and carries it in the username field password managers read. */
async function expectAccount(page: Page, email: string) {
  await expect(page.locator('.vst-account-email')).toHaveText(email);
  await expect(page.locator('input[autocomplete="username"]')).toHaveValue(email);
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Signed out.')).toBeVisible();
}

/** Makes a passwordless account the way a person would: by a magic link, through the API. */
async function passwordlessUser(request: APIRequestContext, page: Page, email: string) {
  const publicToken = await demoPublicToken(page);
  const sent = await request.post(`${API_URL}/sdk/v1/magic_links/email/login_or_create`, { headers: { 'X-Public-Token': publicToken }, data: { email } });
  expect(sent.status()).toBe(200);
}

test('sign-up with a password under zxcvbn: breached and weak passwords are refused, a strong one signs in', async ({ page }, testInfo) => {
  const email = uniqueEmail('pw-signup');
  await submitEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await lookAt(page, testInfo, '1-create-or-login-new');
  await page.getByRole('button', { name: 'Create a password' }).click();

  const password = page.getByLabel('Password', { exact: true });
  await expectAccount(page, email);
  await password.fill('password123');
  await expect(
    page.getByText('This password may have been used on a different site that experienced a security issue. Please choose another password.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await lookAt(page, testInfo, '2-breached');

  await password.fill('plumbing7');
  await expect(page.getByText(/Password strength: [0-2] of 4/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();

  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await password.fill(STRONG);
  await expect(page.getByText('Password strength: 4 of 4')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await lookAt(page, testInfo, '3-strong');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
  await lookAt(page, testInfo, '4-confirmation');
});

test('log in with a password; a wrong one shows the catalogue message', async ({ page }, testInfo) => {
  const email = uniqueEmail('pw-login');
  await createWithPassword(page, email, STRONG);
  const userId = await page.getByTestId('user-id').textContent();
  await logOut(page);

  await submitEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expectAccount(page, email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-at-all');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Unauthorized credentials.')).toBeVisible();
  await lookAt(page, testInfo, 'wrong-password');

  // Back to Main keeps the address; looking it up again returns to the log-in form.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(STRONG);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('user-id')).toHaveText(userId!);
});

test('forgot password: the emailed link resets it, and the new password logs in', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('pw-forgot');
  await createWithPassword(page, email, STRONG);
  await logOut(page);

  await submitEmail(page, email);
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login without a password' })).toBeVisible();
  await lookAt(page, testInfo, '1-forgot');
  const message = await latestMessageTo(request, email);
  const link = new URL(firstLink(message));
  expect(link.searchParams.get('vestibule_token_type')).toBe('reset_password');

  await page.goto(link.toString());
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByLabel('New password').fill(STRONGER);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await lookAt(page, testInfo, '2-reset-form');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
  await logOut(page);

  // The link worked once: opened again it says so at once (no password to type) and offers a new
  // link, which arrives. The old password no longer works, the new one does.
  await page.goto(link.toString());
  await expect(page.getByRole('heading', { name: 'This reset link no longer works' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This reset link no longer works' })).toBeFocused();
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await lookAt(page, testInfo, '3-dead-link');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email!' })).toBeVisible();
  await expect(page.getByText(`A new link to reset your password was sent to ${email}.`)).toBeVisible();
  await lookAt(page, testInfo, '4-new-link-sent');
  const fresh = new URL(firstLink(await latestMessageTo(request, email)));
  expect(fresh.searchParams.get('token')).not.toBe(link.searchParams.get('token'));
  await submitEmail(page, email);
  await page.getByLabel('Password', { exact: true }).fill(STRONGER);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
});

test('passwordless account: the variant offers a link or creating a password, which goes through email', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('pw-passwordless');
  await page.goto('/');
  await passwordlessUser(request, page, email);
  const magicLink = await latestMessageTo(request, email);

  await submitEmail(page, email);
  await expect(page.getByText(`${email} signs in without a password.`, { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Email me a login link' })).toBeVisible();
  await lookAt(page, testInfo, '1-passwordless');
  await page.getByRole('button', { name: 'Create a password' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email!' })).toBeVisible();
  await lookAt(page, testInfo, '2-set-new');

  const reset = await latestMessageTo(request, email, magicLink.id);
  await page.goto(firstLink(reset));
  await page.getByLabel('New password').fill(STRONG);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
});

test('dedupe: creating a password for an address that meanwhile has an account sends a reset email', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('pw-dedupe');
  await submitEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  // Meanwhile the same person signs up by magic link somewhere else.
  await passwordlessUser(request, page, email);
  const magicLink = await latestMessageTo(request, email);

  await page.getByRole('button', { name: 'Create a password' }).click();
  await page.getByLabel('Password', { exact: true }).fill(STRONG);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email to set a new password' })).toBeVisible();
  await expect(page.getByText('Check your email to set a new password!')).toBeVisible();
  await lookAt(page, testInfo, 'dedupe');
  const reset = await latestMessageTo(request, email, magicLink.id);
  expect(new URL(firstLink(reset)).searchParams.get('vestibule_token_type')).toBe('reset_password');
});

test('sign-up under a LUDS project shows the checklist with its counts', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const stack = await startStack({
    apiPort: 28807,
    demoPort: 23020,
    env: { VESTIBULE_PASSWORD_POLICY: 'luds', VESTIBULE_LUDS_MINIMUM_COUNT: '10', VESTIBULE_LUDS_COMPLEXITY: '4' },
  });
  try {
    const email = uniqueEmail('pw-luds');
    await submitEmail(page, email, stack.demoUrl);
    await page.getByRole('button', { name: 'Create a password' }).click();
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abcdefghij');
    await expect(page.getByText('Must be at least 10 characters long')).toBeVisible();
    await expect(page.getByText('Must contain 4 of the following: uppercase letter, lowercase letter, number, symbol')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await lookAt(page, testInfo, 'luds-unmet');
    await password.fill('Mosaic-Fjord-58');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await lookAt(page, testInfo, 'luds-met');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  } finally {
    expect(await stack.stop()).toBe(0);
  }
});

test('sign-up under a project with no strength policy shows no strength feedback, only a breach', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const stack = await startStack({ apiPort: 28817, demoPort: 23030, env: { VESTIBULE_PASSWORD_POLICY: 'none' } });
  try {
    await submitEmail(page, uniqueEmail('pw-none'), stack.demoUrl);
    await page.getByRole('button', { name: 'Create a password' }).click();
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('password');
    await expect(page.getByText(/may have been used on a different site/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await password.fill('kq');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await expect(page.locator('.vst-strength-bar, .vst-luds, .vst-strength-feedback')).toHaveCount(0);
    await lookAt(page, testInfo, 'none-no-feedback');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  } finally {
    expect(await stack.stop()).toBe(0);
  }
});

test('a password found in a breach after sign-up is refused at login and a reset email is sent', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  // A local breach service answering the k-anonymity range API (SHA-1 prefix in, suffixes out).
  const breached = new Set<string>();
  const service = createServer((req, res) => {
    const prefix = req.url?.match(/^\/range\/([0-9A-F]{5})$/)?.[1];
    if (!prefix) return void res.writeHead(404).end();
    const lines = [...breached].filter((hash) => hash.startsWith(prefix)).map((hash) => `${hash.slice(5)}:42`);
    res.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'));
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const stack = await startStack({
    apiPort: 28817,
    demoPort: 23030,
    env: { VESTIBULE_BREACH_RANGE_URL: `http://127.0.0.1:${(service.address() as AddressInfo).port}` },
  });
  try {
    const email = uniqueEmail('pw-breached');
    await createWithPassword(page, email, STRONG, stack.demoUrl);
    await logOut(page);
    breached.add(createHash('sha1').update(STRONG).digest('hex').toUpperCase());

    await submitEmail(page, email, stack.demoUrl);
    await page.getByLabel('Password', { exact: true }).fill(STRONG);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email to set a new password' })).toBeVisible();
    await expect(page.getByText('Your password appeared in a data breach')).toBeVisible();
    await expect(page.getByText('Check your email to set a new password!')).toBeVisible();
    await lookAt(page, testInfo, 'breached');
    const outbox = (await (await request.get(`${stack.apiUrl}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as OutboxResponse;
    expect(new URL(firstLink(outbox.messages[0]!)).searchParams.get('vestibule_token_type')).toBe('reset_password');
  } finally {
    expect(await stack.stop()).toBe(0);
    service.close();
  }
});
