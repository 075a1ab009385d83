import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { firstLink, latestMessageTo } from './support/outbox';
import { API_URL, demoPublicToken, uniqueEmail } from './support/stack';

async function requestLink(page: Page, email: string) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
}

test('a new address signs up by magic link, sees who is signed in, and logs out', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('signup');
  await page.goto('/');
  await lookAt(page, testInfo, '1-main');

  await requestLink(page, email);
  await expect(page.getByText('An email was sent to')).toContainText(email);
  await expect(page.locator('b', { hasText: email })).toBeVisible();
  await lookAt(page, testInfo, '2-email-confirmation');

  const message = await latestMessageTo(request, email);
  expect(message.channel).toBe('email');
  const link = firstLink(message);
  expect(new URL(link).pathname).toBe('/reset');
  expect(new URL(link).searchParams.get('vestibule_token_type')).toBe('login');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByText('You have successfully logged in.')).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
  await lookAt(page, testInfo, '3-success');

  // The session survives a reload: the client restores it from its cookie and local storage.
  await page.goto('/');
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);

  const sessionToken = (await page.context().cookies()).find((c) => c.name === 'vestibule_session')?.value;
  expect(sessionToken).toBeTruthy();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Signed out.')).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'vestibule_session')).toBeUndefined();

  // 'Log out' revoked the session on the server, not only in the browser.
  const publicToken = await demoPublicToken(page);
  const refresh = await request.post(`${API_URL}/sdk/v1/sessions/authenticate`, {
    headers: { 'X-Public-Token': publicToken, Authorization: `Bearer ${sessionToken}` },
    data: {},
  });
  expect(refresh.status()).toBe(401);
});

test('a known address logs in by magic link as the same user', async ({ page, request }) => {
  const email = uniqueEmail('login');
  await requestLink(page, email);
  const first = await latestMessageTo(request, email);
  await page.goto(firstLink(first));
  const userId = await page.getByTestId('user-id').textContent();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Signed out.')).toBeVisible();

  await requestLink(page, email);
  const second = await latestMessageTo(request, email, first.id);
  expect(firstLink(second)).not.toBe(firstLink(first));
  await page.goto(firstLink(second));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('user-id')).toHaveText(userId!);
});

test('a magic link works once; a used one says so and sends a new one that signs in', async ({ page, browser, request }, testInfo) => {
  const email = uniqueEmail('once');
  await requestLink(page, email);
  const sent = await latestMessageTo(request, email);
  const link = firstLink(sent);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();

  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(link);
  // Said in plain words, focused for screen readers, with a new link as the way on.
  const title = second.getByRole('heading', { name: 'This login link no longer works' });
  await expect(title).toBeFocused();
  await expect(second.getByText('Login links work once and expire after a while.')).toBeVisible();
  await expect(second.getByText('Signed out.')).toBeVisible();
  await lookAt(second, testInfo, 'used-link');

  await second.getByLabel('Email').fill(email);
  await second.getByRole('button', { name: 'Email me a new link' }).click();
  await expect(second.getByRole('heading', { name: 'Check your email' })).toBeFocused();
  await expect(second.getByText(`A new login link was sent to ${email}.`)).toBeVisible();
  await lookAt(second, testInfo, 'new-link-sent');
  const fresh = firstLink(await latestMessageTo(request, email, sent.id));
  expect(fresh).not.toBe(link);
  await second.goto(fresh);
  await expect(second.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await other.close();
});

test("'Try again' clears the email, returns to Main and logs email_try_again_clicked", async ({ page }) => {
  const logged: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/sdk/v1/events') && req.method() === 'POST') {
      for (const event of (req.postDataJSON() as { events: { name: string }[] }).events) logged.push(event.name);
    }
  });
  const email = uniqueEmail('again');
  await requestLink(page, email);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect.poll(() => logged).toContain('email_try_again_clicked');
  expect(logged).toContain('email_sent');
  expect(logged).toContain('render_login_screen');
});

test('a badly formed email is refused in the form and nothing is sent', async ({ page }) => {
  let sent = false;
  page.on('request', (req) => {
    if (req.url().includes('/magic_links/')) sent = true;
  });
  await page.goto('/');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByText('Email format is invalid.')).toBeVisible();
  expect(sent).toBe(false);
});
