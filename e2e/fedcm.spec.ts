import type { APIRequestContext, CDPSession, Page } from '@playwright/test';
import { E2E_DEMO_PORT, E2E_RP_PORT } from '../playwright.config';
import { signIn } from './support/account';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { uniqueEmail } from './support/stack';

/**
 * Sign in with Vestibule through the browser's FedCM, in Chromium with its FedCM automation (the
 * DevTools protocol's FedCm domain stands in for the person at the browser's dialog): a person
 * signed in on the host page opens the sample relying party, whose page asks the browser; the
 * browser's dialog offers the account, the person picks it, and the app shows the claims of the ID
 * token it was handed, with no redirect. Where the browser has no FedCM, or the person dismisses
 * its dialog, 'Sign in with Vestibule' runs the redirect flow.
 */
const RP = `http://localhost:${E2E_RP_PORT}`;
const IDP_PAGE = `http://localhost:${E2E_DEMO_PORT}/idp`;

interface FedCmDialog {
  dialogId: string;
  dialogType: string;
  accounts: Array<{ accountId: string; email: string; name: string; idpConfigUrl: string }>;
}

/** The browser's FedCM dialogs of `page`, each as the DevTools protocol reports it when shown; next() waits 10 s at most. */
async function fedcmDialogs(page: Page): Promise<{ cdp: CDPSession; next(): Promise<FedCmDialog> }> {
  const cdp = await page.context().newCDPSession(page);
  const shown: FedCmDialog[] = [];
  const waiting: Array<(dialog: FedCmDialog) => void> = [];
  cdp.on('FedCm.dialogShown', (dialog) => {
    const waiter = waiting.shift();
    if (waiter) waiter(dialog as FedCmDialog);
    else shown.push(dialog as FedCmDialog);
  });
  // No delay before a refusal reaches the page (the browser's guard against timing the provider).
  await cdp.send('FedCm.enable', { disableRejectionDelay: true });
  const next = (): Promise<FedCmDialog> =>
    shown.length > 0
      ? Promise.resolve(shown.shift()!)
      : new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('The browser showed no FedCM dialog within 10 s.')), 10_000);
          waiting.push((dialog) => {
            clearTimeout(timer);
            resolve(dialog);
          });
        });
  return { cdp, next };
}

/** Signed in on the demo host; the page loaded again, whose session check tells the browser someone is signed in (Set-Login: logged-in). */
async function signedInOnHost(page: Page, request: APIRequestContext, email: string) {
  await signIn(page, request, email);
  // The check's answer, not the page: the page draws the account from what it kept before the check returns.
  const checked = page.waitForResponse((response) => response.url().endsWith('/sdk/v1/sessions/authenticate') && response.ok());
  await page.reload();
  await checked;
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
}

test('a person signed in at the provider signs in to the sample app through the browser: FedCM’s dialog, their account chosen, the claims', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail('fedcm');
  await signedInOnHost(page, request, email);
  const dialogs = await fedcmDialogs(page);
  await page.goto(RP);

  // The browser knows someone is signed in at the provider but has no FedCM cookie yet: it offers the
  // provider's login URL, whose window asks 'Continue as {email}', then makes the cookie from the host
  // page's session and closes.
  const login = await dialogs.next();
  expect(login.dialogType).toBe('ConfirmIdpLogin');
  const opened = page.context().waitForEvent('page');
  await dialogs.cdp.send('FedCm.clickDialogButton', { dialogId: login.dialogId, dialogButton: 'ConfirmIdpLoginContinue' });
  const window = await opened;
  await expect(window.getByRole('heading', { name: 'Sign in with Vestibule' })).toBeVisible();
  await lookAt(window, testInfo, 'fedcm-login-window');
  await window.getByRole('button', { name: `Continue as ${email}` }).click();

  const chooser = await dialogs.next();
  expect(chooser.dialogType).toBe('AccountChooser');
  expect(chooser.accounts).toEqual([expect.objectContaining({ email, name: email, idpConfigUrl: expect.stringMatching(/\/fedcm\/config\.json$/) })]);
  await dialogs.cdp.send('FedCm.selectAccount', { dialogId: chooser.dialogId, accountIndex: 0 });

  await expect(page.getByTestId('rp-email')).toHaveText(email);
  await expect(page).toHaveURL(`${RP}/`);
  const claims = JSON.parse((await page.getByTestId('rp-claims').textContent())!);
  expect(claims).toMatchObject({ aud: 'demo-rp', sub: chooser.accounts[0]!.accountId, email, email_verified: true, nonce: expect.any(String) });
  expect(claims.iss).toMatch(/^http:\/\/localhost:\d+$/);
  await lookAt(page, testInfo, 'fedcm-signed-in-app');

  // Another visit of the app: the cookie is there now, so the account comes at once, and the app is
  // among the ones this person approved.
  await page.context().clearCookies({ domain: 'localhost', name: 'demo_rp_visit' });
  await page.goto(RP);
  const returning = await dialogs.next();
  expect(returning.dialogType).toMatch(/^(AccountChooser|AutoReauthn)$/);
  if (returning.dialogType === 'AccountChooser') await dialogs.cdp.send('FedCm.selectAccount', { dialogId: returning.dialogId, accountIndex: 0 });
  await expect(page.getByTestId('rp-email')).toHaveText(email);
});

test('a dismissed FedCM dialog leaves the page as it was, and the sign-in to the redirect flow', async ({ page, request }) => {
  const email = uniqueEmail('fedcm-dismissed');
  await signedInOnHost(page, request, email);
  const dialogs = await fedcmDialogs(page);
  await page.goto(RP);
  const dialog = await dialogs.next();
  await dialogs.cdp.send('FedCm.dismissDialog', { dialogId: dialog.dialogId });
  await expect(page).toHaveURL(`${RP}/`);
  await page.getByRole('link', { name: 'Sign in with Vestibule' }).click();
  await expect(page).toHaveURL(new RegExp(`^${IDP_PAGE}\\?`));
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByTestId('rp-email')).toHaveText(email);
  await expect(page.getByTestId('rp-userinfo')).toContainText(email);
});

test('where the browser has no FedCM, the same link signs in through the redirect flow', async ({ page, request }) => {
  await page.addInitScript(() => {
    delete (window as { IdentityCredential?: unknown }).IdentityCredential;
  });
  const email = uniqueEmail('fedcm-missing');
  await signedInOnHost(page, request, email);
  await page.goto(RP);
  await page.getByRole('link', { name: 'Sign in with Vestibule' }).click();
  await expect(page).toHaveURL(new RegExp(`^${IDP_PAGE}\\?`));
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(`${RP}/`);
  await expect(page.getByTestId('rp-email')).toHaveText(email);
  // The redirect flow's code gives an access token too: userinfo.
  await expect(page.getByTestId('rp-userinfo')).toContainText(email);
});
