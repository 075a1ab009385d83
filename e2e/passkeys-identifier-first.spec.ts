import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { VirtualAuthenticator } from './support/authenticator';
import { lookAt } from './support/look';
import { latestMessageTo, passcodeIn } from './support/outbox';
import { API_URL, demoPublicToken, uniqueEmail } from './support/stack';

/**
 * Identifier-first passkeys in Chromium: after a person types their email, the next screen offers
 * 'Use your passkey', and the browser is offered that address's passkeys only (allowCredentials).
 * An unknown address gets an answer of the same shape.
 */

const configUrl = (config: object) => `/?config=${encodeURIComponent(JSON.stringify(config))}`;
const MAGIC_LINKS_AND_PASSKEYS = { products: ['emailMagicLinks', 'passkeys'] };
const START = '/sdk/v1/webauthn/authenticate/start';

/** A new account with one passkey on the page's virtual authenticator, signed out again. */
async function accountWithPasskey(page: Page, request: APIRequestContext, email: string) {
  await page.goto(configUrl({ products: ['otp'], otpOptions: { methods: ['email'] } }));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await page.getByLabel('6-digit passcode').pressSequentially(passcodeIn(await latestMessageTo(request, email)));
  const offer = page.getByRole('region', { name: 'Add a passkey' });
  await offer.getByRole('button', { name: 'Create a Passkey' }).click();
  await expect(offer.getByRole('heading', { name: 'Passkey successfully created!' })).toBeVisible();
  const userId = await page.getByTestId('user-id').textContent();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Signed out.')).toBeVisible();
  return userId!;
}

const base64url = (base64: string) => base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

test("a typed address is offered its own passkey ('Use your passkey'), which signs that person in", async ({ page, request }, testInfo) => {
  const authenticator = await VirtualAuthenticator.attach(page);
  const email = uniqueEmail('identifier-first');
  const userId = await accountWithPasskey(page, request, email);
  const [credential] = await authenticator.credentials();

  // No one picks from the email field's autofill: the person types the address.
  await authenticator.presence(false);
  await page.goto(configUrl(MAGIC_LINKS_AND_PASSKEYS));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const offer = page.getByRole('button', { name: 'Use your passkey' });
  await expect(offer).toBeVisible();
  await lookAt(page, testInfo, 'offered-after-the-email');

  await authenticator.presence(true);
  const started = page.waitForResponse((r) => r.url().endsWith(START));
  await offer.click();
  const start = await started;
  expect(start.request().postDataJSON()).toEqual({ is_passkey: true, email });
  const options = (await start.json()).public_key_credential_request_options;
  expect(options.allowCredentials.map((d: { id: string }) => d.id)).toEqual([base64url(credential!.credentialId)]);
  await expect(page.getByText('Your Passkey has been successfully authenticated.')).toBeVisible();
  await expect(page.getByTestId('user-id')).toHaveText(userId);
});

test('an unknown address gets an answer of the same shape as a known one', async ({ page, request }) => {
  await VirtualAuthenticator.attach(page);
  const known = uniqueEmail('identifier-known');
  await accountWithPasskey(page, request, known);
  const headers = { 'X-Public-Token': await demoPublicToken(page), 'Content-Type': 'application/json' };
  const ask = async (email: string) => {
    const answer = await request.post(`${API_URL}${START}`, { headers, data: { email } });
    expect(answer.status()).toBe(200);
    return (await answer.json()).public_key_credential_request_options;
  };
  const shape = (options: { allowCredentials: Array<Record<string, unknown>> } & Record<string, unknown>) => ({
    keys: Object.keys(options).sort(),
    descriptor: Object.keys(options.allowCredentials[0]!).sort(),
    type: options.allowCredentials[0]!.type,
  });
  const real = await ask(known);
  const stranger = uniqueEmail('identifier-nobody');
  const unknown = await ask(stranger);
  expect(shape(unknown)).toEqual(shape(real));
  // The same stand-ins each time: asking again tells nothing either.
  expect((await ask(stranger)).allowCredentials).toEqual(unknown.allowCredentials);
});
