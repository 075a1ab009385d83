import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { latestMessageTo, newestMessageIdTo, passcodeIn } from './outbox';

/** Signs in on /account with an email passcode (the login widget it shows signed out); the page then shows the account. */
export async function signIn(page: Page, request: APIRequestContext, email: string, path = '/account') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  // The code of this sign-in, not one an earlier sign-in (another device) was sent.
  const before = await newestMessageIdTo(request, email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await page.getByLabel('6-digit passcode').pressSequentially(passcodeIn(await latestMessageTo(request, email, before)));
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
}
