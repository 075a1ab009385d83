import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allErrors } from '@vestibule/contract';
import { CONSOLE_URL, confirmItIsYou, lookAtConsole, operator, personWithDeviceAndTwoStep, sessionWorks, signInToConsole } from './support/console';
import { expect, test } from './support/fixtures';
import { latestMessageTo, passcodeIn } from './support/outbox';
import { API_URL, uniqueEmail } from './support/stack';

/**
 * Issue 30: the operators' console on the real stack (the server serves it at /console; its
 * database, its outbox and Chromium), as an operator uses it. Operators are the stack's
 * VESTIBULE_ADMIN_EMAILS; they sign in with the login widget and an email passcode from the outbox.
 */

const heading = (page: import('@playwright/test').Page, name: string) => page.getByRole('heading', { name, level: 1 });

test('an operator signs in with a passcode, finds a user, revokes their device, resets their two-step verification and deletes them', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail('console-person');
  const { sessionToken } = await personWithDeviceAndTwoStep(request, email);

  await signInToConsole(page, request, operator(0));
  await expect(heading(page, 'Users')).toBeFocused();
  await expect(page).toHaveTitle('Users · Vestibule console');
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  await lookAtConsole(page, testInfo, '1-users');

  await page.getByLabel('Find users by email, phone number or user id').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row').nth(1);
  await expect(row).toContainText('Email');
  await expect(row).toContainText('Two-step verification');
  await expect(page).toHaveURL(`${CONSOLE_URL}/?query=${encodeURIComponent(email)}`);
  await lookAtConsole(page, testInfo, '2-found');

  await row.getByRole('link', { name: email }).click();
  await expect(heading(page, email)).toBeFocused();
  await expect(page.getByRole('region', { name: 'Email addresses' })).toContainText(`${email} Verified`);
  const devices = page.getByRole('region', { name: 'Devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices).toContainText('Chrome 131 on Mac OS 10.15.7');
  await expect(devices).toContainText('by passcode');
  const ways = page.getByRole('region', { name: 'Ways in' });
  await expect(ways).toContainText('10 recovery codes left.');
  await expect(page.getByRole('region', { name: 'Events' })).toContainText('two_step.enabled');
  await lookAtConsole(page, testInfo, '3-user');

  // Revoke: the device's session stops working at once.
  expect(await sessionWorks(request, sessionToken)).toBe(true);
  await devices.getByRole('button', { name: /^Revoke Chrome 131 on Mac OS/ }).click();
  await expect(devices.getByRole('status')).toHaveText('Chrome 131 on Mac OS 10.15.7 is signed out.');
  await expect(devices.getByRole('status')).toBeFocused();
  await expect(devices).toContainText('Signed in nowhere.');
  expect(await sessionWorks(request, sessionToken)).toBe(false);

  // Reset two-step verification, after a confirmation that names the user; Escape closes a dialog.
  await ways.getByRole('button', { name: 'Reset two-step verification' }).click();
  const reset = page.getByRole('dialog', { name: `Reset two-step verification for ${email}?` });
  await expect(reset).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(reset).toBeHidden();
  await expect(ways.getByRole('button', { name: 'Reset two-step verification' })).toBeFocused();
  await page.keyboard.press('Enter');
  await lookAtConsole(page, testInfo, '4-reset-asked');
  await reset.getByRole('button', { name: 'Reset two-step verification' }).click();
  await expect(ways.getByRole('status')).toHaveText(`Two-step verification is reset: the next sign-in of ${email} asks for one step.`);
  await expect(ways).toContainText('Off.');
  await expect(page.getByRole('region', { name: 'Events' })).toContainText('two_step.disabled');

  // Delete: the server asks for a recent sign-in (answered here once, as it would after the
  // project's reauthenticationMinutes), the operator confirms it is them, and the deletion goes on.
  let asked = false;
  await page.route('**/v1/users/*', async (route) => {
    if (route.request().method() !== 'DELETE' || asked) return route.fallback();
    asked = true;
    const { status, message } = allErrors.reauthentication_required;
    await route.fulfill({ status, json: { status_code: status, request_id: 'request-e2e', error_type: 'reauthentication_required', error_message: message } });
  });
  await page.getByRole('button', { name: 'Delete user' }).click();
  const deletion = page.getByRole('dialog', { name: `Delete ${email}?` });
  await expect(deletion).toContainText(`${email} and everything that is theirs will be deleted`);
  await lookAtConsole(page, testInfo, '5-delete-asked');
  await deletion.getByRole('button', { name: `Delete ${email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(confirm).toContainText(allErrors.reauthentication_required.message);
  await expect(confirm.getByLabel('Email')).toBeVisible();
  await lookAtConsole(page, testInfo, '6-confirm-it-is-you');
  await confirmItIsYou(page, request, operator(0));
  const deleted = page.getByRole('status').filter({ hasText: 'is deleted' });
  await expect(deleted).toHaveText(`${email} is deleted, with everything that was theirs; their sessions have ended.`);
  await expect(deleted).toBeFocused();
  expect(asked).toBe(true);
  await lookAtConsole(page, testInfo, '7-deleted');

  await page.getByRole('link', { name: 'Back to users' }).click();
  await page.getByLabel('Find users by email, phone number or user id').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(`No user matches “${email}”.`)).toBeVisible();
});

test('a signed-in person who is not an operator is told so and can sign out', async ({ page, request }, testInfo) => {
  await page.goto(CONSOLE_URL);
  await expect(heading(page, 'Sign in to the console')).toBeFocused();
  await expect(page.getByLabel('Email')).toBeVisible();
  await lookAtConsole(page, testInfo, '1-sign-in');
  await signInToConsole(page, request, uniqueEmail('console-stranger'));
  await expect(heading(page, 'Not an operator')).toBeFocused();
  await expect(page.getByText('You are not an operator of this project.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
  await lookAtConsole(page, testInfo, '2-refused');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(heading(page, 'Sign in to the console')).toBeVisible();
  // A reload stays signed out: the session was revoked, not only forgotten.
  await page.reload();
  await expect(heading(page, 'Sign in to the console')).toBeVisible();
});

test('keys: one is made and shown once, works against the API, and is revoked after a confirmation', async ({ page, request }, testInfo) => {
  await signInToConsole(page, request, operator(1), '/keys');
  await expect(heading(page, 'Keys')).toBeFocused();
  const name = `Back end ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: `The key ${name}` });
  const key = await shown.getByLabel('Management key').inputValue();
  expect(key).toMatch(/^vsk_/);
  await lookAtConsole(page, testInfo, '1-key-shown-once');
  expect((await request.get(`${API_URL}/v1/keys`, { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(200);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await lookAtConsole(page, testInfo, '2-listed');

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Revoke the key ${name}?` })
    .getByRole('button', { name: 'Revoke key' })
    .click();
  await expect(page.getByRole('status')).toHaveText(`The key ${name} is revoked.`);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  expect((await request.get(`${API_URL}/v1/keys`, { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(401);
});

test("webhooks: an endpoint is added with its secret shown once, receives a user's sign-up, resends it, and is deleted", async ({
  page,
  request,
}, testInfo) => {
  // The receiver: a local endpoint (loopback is allowed in development) that takes every delivery.
  const received: string[] = [];
  const receiver: Server = createServer((req, res) => {
    received.push(String(req.headers['webhook-id']));
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/vestibule`;
  try {
    await signInToConsole(page, request, operator(2), '/webhooks');
    await expect(heading(page, 'Webhooks')).toBeFocused();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const adding = page.getByRole('dialog', { name: 'Add endpoint' });
    await adding.getByLabel('URL').fill(url);
    await adding.getByLabel('Description (optional)').fill('Sign-ups to the CRM');
    // None chosen is refused before anything is sent.
    await adding.getByRole('button', { name: 'Choose none' }).click();
    await adding.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(adding.getByRole('alert')).toHaveText('Choose at least one event to send.');
    await adding.getByRole('checkbox', { name: /^user\.created / }).check();
    await lookAtConsole(page, testInfo, '1-adding');
    await adding.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = page.getByRole('dialog', { name: `Signing secret for ${url}` });
    await expect(secret.getByLabel('Signing secret')).toHaveValue(/^whsec_/);
    await lookAtConsole(page, testInfo, '2-secret-shown-once');
    await secret.getByRole('button', { name: 'Done' }).click();

    // A sign-up makes a user.created event, which the endpoint receives.
    const email = uniqueEmail('console-webhook');
    await page.request.post(`${API_URL}/sdk/v1/otps/email/login_or_create`, {
      headers: { 'X-Public-Token': await page.evaluate(() => JSON.parse(document.getElementById('vestibule-console-config')!.textContent!).publicToken) },
      data: { email },
    });
    await latestMessageTo(request, email);
    await expect.poll(() => received.length, { message: 'a delivery to the receiver' }).toBe(1);

    await page.getByRole('link', { name: url }).click();
    await expect(heading(page, url)).toBeFocused();
    const deliveries = page.getByRole('region', { name: 'Recent deliveries' });
    await expect(async () => {
      await deliveries.getByRole('button', { name: 'Refresh' }).click();
      await expect(deliveries.getByRole('row').nth(1)).toContainText('Delivered', { timeout: 1000 });
    }).toPass();
    await expect(deliveries.getByRole('row').nth(1)).toContainText('user.created');
    await expect(deliveries.getByRole('row').nth(1)).toContainText('HTTP 204');
    await lookAtConsole(page, testInfo, '3-delivered');

    await deliveries.getByRole('button', { name: /^Resend user\.created/ }).click();
    await expect(deliveries.getByRole('status')).toContainText('Sent again as a new delivery of user.created');
    await expect.poll(() => received.length, { message: 'the resent delivery' }).toBe(2);
    expect(received[1]).toBe(received[0]);

    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await page
      .getByRole('dialog', { name: `Delete the endpoint ${url}?` })
      .getByRole('button', { name: 'Delete endpoint' })
      .click();
    await expect(page.getByRole('status')).toHaveText('The endpoint is deleted: nothing more is sent to it.');
    await page.getByRole('link', { name: 'Back to webhooks' }).click();
    await expect(page.getByRole('link', { name: url })).toHaveCount(0);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test("clients: the configuration file's are read-only; one is added with its secret shown once, edited and deleted", async ({ page, request }, testInfo) => {
  await signInToConsole(page, request, operator(3), '/clients');
  await expect(heading(page, 'Clients')).toBeFocused();
  const clients = page.getByRole('list').filter({ has: page.getByRole('heading', { level: 3 }) });
  const fromFile = clients.getByRole('listitem').filter({ hasText: 'demo-rp' });
  await expect(fromFile).toContainText('The configuration file (change it there)');
  await expect(fromFile.getByRole('button')).toHaveCount(0);

  const name = `Billing ${Date.now()}`;
  await page.getByRole('button', { name: 'Add client' }).click();
  const adding = page.getByRole('dialog', { name: 'Add client' });
  await adding.getByLabel('Name (the consent screen shows it)').fill(name);
  await adding.getByRole('textbox', { name: 'Redirect URIs, one a line', exact: true }).fill('not a url');
  await adding.getByRole('button', { name: 'Add client' }).click();
  // The API's refusal, which names the field, beside the button.
  await expect(adding.getByRole('alert')).toContainText('redirect_uris');
  await adding
    .getByRole('textbox', { name: 'Redirect URIs, one a line', exact: true })
    .fill('https://billing.example.com/callback\nhttps://billing.example.com/other');
  await lookAtConsole(page, testInfo, '1-adding');
  await adding.getByRole('button', { name: 'Add client' }).click();
  const secret = page.getByRole('dialog', { name: `Client secret of ${name}` });
  expect((await secret.getByLabel('Client secret').inputValue()).length).toBeGreaterThan(20);
  await lookAtConsole(page, testInfo, '2-secret-shown-once');
  await secret.getByRole('button', { name: 'Done' }).click();
  const made = clients.getByRole('listitem').filter({ hasText: name });
  await expect(made).toContainText('https://billing.example.com/callback, https://billing.example.com/other');
  await lookAtConsole(page, testInfo, '3-listed');

  await made.getByRole('button', { name: `Edit ${name}` }).click();
  const editing = page.getByRole('dialog', { name: `Edit ${name}` });
  await editing.getByLabel('Name (the consent screen shows it)').fill(`${name} (renamed)`);
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText(`${name} (renamed) is saved.`);

  await clients.getByRole('button', { name: `Delete ${name} (renamed)` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name} (renamed)?` })
    .getByRole('button', { name: 'Delete client' })
    .click();
  await expect(page.getByRole('status')).toHaveText(`${name} (renamed) is deleted; its tokens and grants have ended.`);
  await expect(clients.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
});

test('sign-ins: a chart per day by method and of refusals, with the numbers as text and as a table', async ({ page, request }, testInfo) => {
  // A refused sign-in today: a wrong passcode.
  const email = uniqueEmail('console-refused');
  const token = (await (await request.get(CONSOLE_URL)).text()).match(/"publicToken":"([^"]+)"/)![1]!;
  const sent = await request.post(`${API_URL}/sdk/v1/otps/email/login_or_create`, { headers: { 'X-Public-Token': token }, data: { email } });
  const { method_id } = (await sent.json()) as { method_id: string };
  const right = passcodeIn(await latestMessageTo(request, email));
  const wrong = right === '000000' ? '111111' : '000000';
  expect((await request.post(`${API_URL}/sdk/v1/otps/authenticate`, { headers: { 'X-Public-Token': token }, data: { code: wrong, method_id } })).ok()).toBe(
    false,
  );

  await signInToConsole(page, request, operator(4), '/sign-ins');
  await expect(heading(page, 'Sign-ins')).toBeFocused();
  const figure = page.getByRole('figure');
  // Other tests of the run sign in on the same stack by other methods too, each of which the summary names.
  await expect(figure).toContainText(
    /Sign-ins per day \(UTC\) over the last 30 days, by method, and refused sign-ins: by passcode \d+(, by [a-z -]+ \d+)*, refused \d+\./,
  );
  await expect(figure.locator('canvas').first()).toBeVisible();
  await page.getByText('The numbers by day').click();
  const today = page.getByRole('row', { name: new Date().toISOString().slice(0, 10) });
  await expect(today.getByRole('cell').first()).not.toHaveText('0');
  await expect(today.getByRole('cell').last()).not.toHaveText('0');
  await lookAtConsole(page, testInfo, '1-chart');

  await page.getByLabel('Period').selectOption({ label: 'Last 7 days' });
  await expect(figure).toContainText('over the last 7 days');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(8);
});
