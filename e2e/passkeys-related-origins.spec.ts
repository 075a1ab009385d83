import { E2E_DEMO_PORT } from '../playwright.config';
import { VirtualAuthenticator } from './support/authenticator';
import { expect, test as base } from './support/fixtures';
import { latestMessageTo, passcodeIn } from './support/outbox';
import { startRpIdSite, type RpIdSite } from './support/rp-id-site';
import { uniqueEmail } from './support/stack';
import { startStack } from './support/stack-process';

/**
 * One passkey for related origins, in Chromium: a stack whose rp id is vestibule.localhost lists
 * shop.localhost, another site, as a related origin. A passkey made on the rp id's site signs in on
 * the related one through the browser's own check: Chromium fetches
 * https://vestibule.localhost/.well-known/webauthn (the rp id's site, forwarding the path to the
 * API) and lets the page's ceremony through only if its origin is listed there. Host names under
 * localhost are secure pages over http and reach this machine with no name server.
 *
 * Ports: the stack's demo (the pages of all three host names) on E2E_DEMO_PORT + 7; its API and
 * the rp id's https site on ports the system picks.
 */
const DEMO_PORT = E2E_DEMO_PORT + 7;
const RP_ID = 'vestibule.localhost';
const RP_SITE = `http://${RP_ID}:${DEMO_PORT}`;
const RELATED = `http://shop.localhost:${DEMO_PORT}`;
/** Allowed to call the API (CORS), but not a related origin. */
const UNLISTED = `http://elsewhere.localhost:${DEMO_PORT}`;

const EMAIL_OTP = { products: ['otp'], otpOptions: { methods: ['email'] } };
/** No email method: Main shows the passkey button rather than offering passkeys in autofill. */
const PASSKEY_BUTTON = { products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } };
const configUrl = (origin: string, config: object) => `${origin}/?config=${encodeURIComponent(JSON.stringify(config))}`;
const PASSKEY_FAILED = 'Unknown error occurred during passkey authentication. Please try again.';

interface RelatedSites {
  apiUrl: string;
  rpIdSite: RpIdSite;
}

/**
 * The stack and the rp id's site start before the browser, which needs the site's port on its
 * command line: so they are this file's worker fixtures, and the browser's launch options follow.
 */
const test = base.extend<object, { sites: RelatedSites }>({
  sites: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter, an object pattern, here none.
    async ({}, use) => {
      const stack = await startStack({
        // 0: the API listens where the system lets it (it prints where); the demo's port is fixed,
        // for the allowed origins name it.
        apiPort: 0,
        demoPort: DEMO_PORT,
        env: {
          VESTIBULE_WEBAUTHN_RP_ID: RP_ID,
          VESTIBULE_ALLOWED_ORIGINS: [RP_SITE, RELATED, UNLISTED].join(','),
          VESTIBULE_WEBAUTHN_RELATED_ORIGINS: RELATED,
        },
      });
      try {
        const apiUrl = /API: +(http:\/\/localhost:\d+)/.exec(stack.output())![1]!;
        const rpIdSite = await startRpIdSite(RP_ID, apiUrl);
        try {
          await use({ apiUrl, rpIdSite });
        } finally {
          await rpIdSite.close();
        }
      } finally {
        await stack.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  launchOptions: [
    async ({ launchOptions, sites }, use) => use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...sites.rpIdSite.chromiumArgs] }),
    { scope: 'worker' },
  ],
});

test('a passkey made on the rp id’s site signs in on a related site, once the rp id’s site lists it', async ({ page, request, sites }) => {
  const authenticator = await VirtualAuthenticator.attach(page);
  const email = uniqueEmail('related-origins');

  // On the rp id's own site: a passcode sign-in, then the passkey the demo offers.
  await page.goto(configUrl(RP_SITE, EMAIL_OTP));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await page.getByLabel('6-digit passcode').pressSequentially(passcodeIn(await latestMessageTo(request, email, undefined, sites.apiUrl)));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  const userId = await page.getByTestId('user-id').textContent();
  const offer = page.getByRole('region', { name: 'Add a passkey' });
  await offer.getByRole('button', { name: 'Create a Passkey' }).click();
  await expect(offer.getByRole('heading', { name: 'Passkey successfully created!' })).toBeVisible();
  expect(await authenticator.credentials()).toEqual([expect.objectContaining({ rpId: RP_ID, isResidentCredential: true })]);

  // A site that is not listed: the server refuses the start, naming the page's origin.
  await page.goto(configUrl(UNLISTED, PASSKEY_BUTTON));
  const refusedStart = page.waitForResponse((response) => response.url().endsWith('/sdk/v1/webauthn/authenticate/start'));
  await page.getByRole('button', { name: 'Login with a Passkey' }).click();
  const refusal = await refusedStart;
  expect(refusal.status()).toBe(403);
  expect(await refusal.json()).toMatchObject({ error_type: 'webauthn_origin_not_allowed', error_message: expect.stringContaining(UNLISTED) });
  await expect(page.getByText(PASSKEY_FAILED)).toBeVisible();

  // The related site while the rp id's site does not forward /.well-known/webauthn: the browser
  // asks for the list, finds none, and refuses the ceremony; nothing reaches the finish.
  sites.rpIdSite.forwarding(false);
  const finishes: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/sdk/v1/webauthn/authenticate')) finishes.push(sent.url());
  });
  await page.goto(configUrl(RELATED, PASSKEY_BUTTON));
  await page.getByRole('button', { name: 'Login with a Passkey' }).click();
  await expect(page.getByText(PASSKEY_FAILED)).toBeVisible();
  expect(sites.rpIdSite.fetches()).toBeGreaterThan(0);
  expect(finishes).toEqual([]);

  // Forwarded: the browser finds the related site in the list, and the passkey signs its user in.
  sites.rpIdSite.forwarding(true);
  const fetchesBefore = sites.rpIdSite.fetches();
  await page.reload();
  await page.getByRole('button', { name: 'Login with a Passkey' }).click();
  await expect(page.getByText('Your Passkey has been successfully authenticated.')).toBeVisible();
  await expect(page.getByTestId('user-id')).toHaveText(userId!);
  expect(sites.rpIdSite.fetches()).toBeGreaterThan(fetchesBefore);
});
