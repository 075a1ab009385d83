import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_DEMO_PORT, E2E_RP_PORT } from '../playwright.config';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { latestMessageTo, newestMessageIdTo, passcodeIn } from './support/outbox';
import { uniqueEmail } from './support/stack';

/**
 * Issue 15, the identity provider on the real stack: the sample relying party that npm start runs
 * (its own origin; openid-client with discovery, PKCE, state and nonce, the id_token checked by
 * the library, userinfo) sends the browser to the demo's /idp, where a person signs in, consents,
 * and comes back signed in to the app; then logs out through the provider's logout page.
 */
const RP = `http://localhost:${E2E_RP_PORT}`;
const IDP_PAGE = `http://localhost:${E2E_DEMO_PORT}/idp`;

/** On /idp signed out: the login widget below the request; a passcode from the outbox signs in. */
async function signInOnIdpPage(page: Page, request: APIRequestContext, email: string) {
  await expect(page.getByText('No active session detected. Please log in to continue.')).toBeVisible();
  await signInBelowRequest(page, request, email);
}

/**
 * The login widget below the request: the email, then a passcode from the outbox (past the password
 * screen of a known user). A second sign-in waits for a message newer than the first's passcode:
 * the outbox still holds that one, and under load the new one can arrive after the screen does.
 */
async function signInBelowRequest(page: Page, request: APIRequestContext, email: string) {
  const login = page.getByRole('region', { name: 'Sign in to continue' });
  const before = await newestMessageIdTo(request, email);
  await login.getByLabel('Email').fill(email);
  await login.getByRole('button', { name: /^Continue/ }).click();
  const passcode = login.getByLabel('6-digit passcode');
  if (await passcode.isVisible().catch(() => false)) await passcode.pressSequentially(passcodeIn(await latestMessageTo(request, email, before)));
  else {
    await login
      .getByRole('button', { name: /passcode|code/i })
      .first()
      .click();
    await login.getByLabel('6-digit passcode').pressSequentially(passcodeIn(await latestMessageTo(request, email, before)));
  }
}

test('an app signs its user in through Vestibule: sign in on the provider page, consent, the claims in the app; then log out from the app', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail('idp');
  await page.goto(RP);
  await page.getByRole('link', { name: 'Sign in with Vestibule' }).click();
  await expect(page).toHaveURL(new RegExp(`^${IDP_PAGE}\\?`));
  const authorize = new URL(page.url());
  expect(authorize.searchParams.get('client_id')).toBe('demo-rp');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

  await signInOnIdpPage(page, request, email);
  // The same request goes on once signed in: the consent screen.
  await expect(page.getByRole('heading', { name: 'Sign in to Sample app with Vestibule Demo' })).toBeVisible();
  await lookAt(page, testInfo, '1-consent');
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(`${RP}/`);
  await expect(page.getByTestId('rp-email')).toHaveText(email);
  const claims = JSON.parse((await page.getByTestId('rp-claims').textContent())!);
  expect(claims).toMatchObject({ aud: 'demo-rp', email, email_verified: true });
  expect(claims.iss).toMatch(/^http:\/\/localhost:\d+$/);
  const userinfo = JSON.parse((await page.getByTestId('rp-userinfo').textContent())!);
  expect(userinfo).toMatchObject({ sub: claims.sub, email });
  await lookAt(page, testInfo, '2-signed-in-app');

  // The app's logout also ends the Vestibule session, so only its own page may ask for it: a link
  // to it (a GET) does nothing, nor does a form another page posts without the page's token.
  await page.goto(`${RP}/logout`);
  await expect(page.getByText("Use the Log out button on the sample app's page; nothing was changed.")).toBeVisible();
  // Another page on this machine: same site as the app, so its cookie goes with the post.
  const elsewhere = `http://localhost:${E2E_DEMO_PORT + 9}/prize`;
  await page.route(elsewhere, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Prize</title><form method="post" action="${RP}/logout"><input name="csrf" value="guessed"><button>Win a prize</button></form>`,
    }),
  );
  await page.goto(elsewhere);
  await page.getByRole('button', { name: 'Win a prize' }).click();
  await expect(page.getByText("That logout did not come from the sample app's own page, so you are still signed in.")).toBeVisible();
  await page.goto(RP);
  await expect(page.getByTestId('rp-email')).toHaveText(email);
  // Nor does another site's forged answer to a sign-in it started: the app keeps its sign-in and
  // quotes no words the query brought.
  expect((await page.request.get(`${RP}/login`, { maxRedirects: 0 })).status()).toBe(302);
  await page.goto(`${RP}/callback?code=forged&state=forged`);
  await expect(page.getByRole('status')).toContainText('The sign-in could not be completed');
  await expect(page.getByTestId('rp-email')).toHaveText(email);
  await page.goto(`${RP}/callback?error=${encodeURIComponent('Your account is locked: call +1 555 0100')}`);
  await expect(page.getByRole('status')).toHaveText('The sign-in did not happen.');
  await expect(page.getByTestId('rp-email')).toHaveText(email);

  // Log out from the app: its id_token_hint names this user, so the provider ends the Vestibule
  // session without asking and sends the browser back to the app.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${RP}/\\?state=`));
  await expect(page.getByRole('link', { name: 'Sign in with Vestibule' })).toBeVisible();
  await page.goto(`http://localhost:${E2E_DEMO_PORT}/`);
  await expect(page.getByText('Signed out.')).toBeVisible();
});

test('an app that asks for a fresh sign-in (prompt=login) gets one: signed in already, the provider page asks again, and the id_token carries the new auth_time', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail('idp-again');
  await page.goto(RP);
  await page.getByRole('link', { name: 'Sign in with Vestibule' }).click();
  await expect(page.getByText('No active session detected. Please log in to continue.')).toBeVisible();
  await lookAt(page, testInfo, '0-no-session');
  await signInOnIdpPage(page, request, email);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByTestId('rp-email')).toHaveText(email);
  const first = JSON.parse((await page.getByTestId('rp-claims').textContent())!) as { auth_time: number; sub: string };
  // auth_time counts seconds: the new sign-in is a second later at least.
  await page.waitForTimeout(1100);

  await page.goto(`${RP}/login?prompt=login`);
  await expect(page).toHaveURL(/[?&]prompt=login(&|$)/);
  await expect(page.getByText('Sample app asks you to sign in again. Please log in to continue.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sign in to continue' }).getByLabel('Email')).toBeVisible();
  await lookAt(page, testInfo, '1-sign-in-again');
  await signInBelowRequest(page, request, email);

  // Consent is remembered: after the new sign-in the request goes straight back to the app.
  await expect(page).toHaveURL(`${RP}/`);
  const claims = JSON.parse((await page.getByTestId('rp-claims').textContent())!) as { auth_time: number; sub: string; iat: number };
  expect(claims.sub).toBe(first.sub);
  expect(claims.auth_time).toBeGreaterThan(first.auth_time);
  expect(claims.iat - claims.auth_time).toBeLessThan(60);
});

test('a logout request without proof of the user asks first: No keeps the session, Yes ends it and goes back to the app', async ({
  page,
  request,
}, testInfo) => {
  await page.goto(RP);
  await page.getByRole('link', { name: 'Sign in with Vestibule' }).click();
  await signInOnIdpPage(page, request, uniqueEmail('idp-logout'));
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByTestId('rp-email')).toBeVisible();

  const logout = `${IDP_PAGE}?client_id=demo-rp&post_logout_redirect_uri=${encodeURIComponent(`${RP}/`)}&state=bye`;
  await page.goto(logout);
  await expect(page.getByRole('heading', { name: 'Log out?' })).toBeVisible();
  await expect(page.getByText('Are you sure you want to log out of your Vestibule Demo account?')).toBeVisible();
  await lookAt(page, testInfo, '1-logout-confirmation');
  await page.getByRole('button', { name: 'No' }).click();
  await expect(page.getByText('You have not been logged out. You may close this page.')).toBeVisible();
  await lookAt(page, testInfo, '2-not-logged-out');
  await expect(page.getByTestId('user-id')).toBeVisible();

  await page.goto(logout);
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(`${RP}/?state=bye`);
  await page.goto(`http://localhost:${E2E_DEMO_PORT}/`);
  await expect(page.getByText('Signed out.')).toBeVisible();
});

test('Deny sends the app access_denied; the app says so and nobody is signed in to it', async ({ page, request }) => {
  await page.goto(RP);
  await page.getByRole('link', { name: 'Sign in with Vestibule' }).click();
  await signInOnIdpPage(page, request, uniqueEmail('idp-deny'));
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(`${RP}/`);
  await expect(page.getByRole('status')).toHaveText('The sign-in did not happen (access_denied).');
  await expect(page.getByRole('link', { name: 'Sign in with Vestibule' })).toBeVisible();
});

test('the provider page opened without a request says which parameter is missing', async ({ page }, testInfo) => {
  await page.goto(`${IDP_PAGE}?redirect_uri=${encodeURIComponent(`${RP}/callback`)}`);
  await expect(page.getByText('Required parameter is missing: client_id. Please reach out to the application developer.')).toBeVisible();
  await lookAt(page, testInfo, '1-missing-client-id');
});
