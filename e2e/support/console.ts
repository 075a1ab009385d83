import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_OPERATOR_EMAILS } from '../../playwright.config';
import { expect } from './fixtures';
import { auditAndScreenshots } from './look';
import { latestMessageTo, newestMessageIdTo, passcodeIn } from './outbox';
import { API_URL } from './stack';

/** The operators' console, served by the API server itself. */
export const CONSOLE_URL = `${API_URL}/console`;

/** The width the console is promised to work at besides the default: a tablet held upright. */
const NARROW = 768;

/** An operator of the test stack (VESTIBULE_ADMIN_EMAILS): one per test, each with its own passcode limit. */
export const operator = (index: number): string => E2E_OPERATOR_EMAILS[index]!;

/** Types the passcode that arrives at `email` into the login widget inside `scope` (after its email step). */
async function passcodeStep(scope: Page | Locator, request: APIRequestContext, email: string) {
  await scope.getByLabel('Email').fill(email);
  const before = await newestMessageIdTo(request, email);
  await scope.getByRole('button', { name: 'Continue with email' }).click();
  await scope.getByLabel('6-digit passcode').pressSequentially(passcodeIn(await latestMessageTo(request, email, before)));
}

/** Opens the console signed out and signs in with an email passcode; `path` is a console page (default: Users). */
export async function signInToConsole(page: Page, request: APIRequestContext, email: string, path = '') {
  await page.goto(`${CONSOLE_URL}${path}`);
  await expect(page.getByRole('heading', { name: 'Sign in to the console', level: 1 })).toBeVisible();
  await passcodeStep(page, request, email);
}

/** 'Confirm it is you': the same sign-in, inside the dialog a sensitive change opened. */
export async function confirmItIsYou(page: Page, request: APIRequestContext, email: string) {
  await passcodeStep(page.getByRole('dialog', { name: 'Confirm it is you' }), request, email);
}

/** The stack's public token, as the console's page carries it. */
async function publicToken(request: APIRequestContext): Promise<string> {
  const html = await (await request.get(CONSOLE_URL)).text();
  const settings = html.match(/<script type="application\/json" id="vestibule-console-config">(.*?)<\/script>/)?.[1];
  if (!settings) throw new Error(`The console page carries no settings: ${html.slice(0, 200)}`);
  return (JSON.parse(settings) as { publicToken: string }).publicToken;
}

/**
 * A person signed up and signed in on a device of their own (an email passcode through the API, as
 * their browser would), with two-step verification on (an authenticator app's key, enrolled with
 * its code). Answers their session token.
 */
export async function personWithDeviceAndTwoStep(request: APIRequestContext, email: string): Promise<{ sessionToken: string }> {
  const headers = { 'X-Public-Token': await publicToken(request) };
  const sent = await request.post(`${API_URL}/sdk/v1/otps/email/login_or_create`, { headers, data: { email } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const { method_id } = (await sent.json()) as { method_id: string };
  const code = passcodeIn(await latestMessageTo(request, email));
  const signedIn = await request.post(`${API_URL}/sdk/v1/otps/authenticate`, {
    headers: {
      ...headers,
      'User-Agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    },
    data: { code, method_id },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const sessionToken = ((await signedIn.json()) as { session_token: string }).session_token;
  const withSession = { ...headers, Authorization: `Bearer ${sessionToken}` };
  const key = await request.post(`${API_URL}/sdk/v1/account/two_step/totp/create`, { headers: withSession, data: {} });
  expect(key.ok(), await key.text()).toBe(true);
  const { secret } = (await key.json()) as { secret: string };
  const appCode = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  const enrolled = await request.post(`${API_URL}/sdk/v1/account/two_step/totp/enrol`, { headers: withSession, data: { code: appCode } });
  expect(enrolled.ok(), await enrolled.text()).toBe(true);
  return { sessionToken };
}

/** Whether a session token still works (a session check through the API). */
export async function sessionWorks(request: APIRequestContext, sessionToken: string): Promise<boolean> {
  const headers = { 'X-Public-Token': await publicToken(request), Authorization: `Bearer ${sessionToken}` };
  return (await request.post(`${API_URL}/sdk/v1/sessions/authenticate`, { headers, data: {} })).ok();
}

/**
 * Checks a console screen as an operator meets it: axe-core finds no accessibility violations, and
 * a screenshot is kept at the default width and at 768 px, where nothing may stick out sideways
 * (a table scrolls inside its own frame); then the width is put back.
 */
export async function lookAtConsole(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const wide = await auditAndScreenshots(page, testInfo, name, NARROW, () => page.evaluate(() => document.documentElement.scrollWidth));
  expect(wide, `${name}: the page's width at ${NARROW} px`).toBeLessThanOrEqual(NARROW);
}
