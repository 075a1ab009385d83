import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { firstLink, latestMessageTo } from './support/outbox';
import { demoPublicToken } from './support/stack';
import { startStack, type StackProcess } from './support/stack-process';

/**
 * Issue 31, when delivery fails: a stack as `npm start` runs it (development, the outbox on) with
 * SMTP_URL set to a mail server of the test's own. While that server refuses, the widget says the
 * email could not be sent and offers 'Try again'; nothing reaches the outbox, which holds only what
 * went out. Once the server accepts, 'Try again' sends, and the link works.
 */
const PORTS = { apiPort: 7545, demoPort: 7546 };

/** Refuses every message at RCPT TO (550) or once read (451) until told to accept. */
let mode: 'refuse-recipient' | 'refuse-data' | 'accept' = 'refuse-recipient';
let smtp: SMTPServer;
let stack: StackProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(mode === 'refuse-recipient' ? refusal(550, '5.1.1 Recipient address rejected') : undefined);
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback(mode === 'refuse-data' ? refusal(451, '4.3.0 Local error in processing') : undefined));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  stack = await startStack({ ...PORTS, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});

test.afterAll(async () => {
  await stack?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()));
});

const configUrl = (config: object) => `${stack.demoUrl}/?config=${encodeURIComponent(JSON.stringify(config))}`;
/** A long address (it must wrap only at its dots, hyphens and '@' at 320 px). */
const longEmail = (label: string) => `maximilian.alexander.wolfeschlegelsteinhausen.${label}${Date.now()}@mail.subdomain.example-company.co.uk`;
const outboxFor = async (request: import('@playwright/test').APIRequestContext, email: string) =>
  ((await (await request.get(`${stack.apiUrl}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { messages: unknown[] }).messages;

const NOT_SENT = 'The email could not be sent. Please try again.';

test("a magic link the mail server refuses: said under the field, the button reads 'Try again'; once it accepts, Try again sends the link, which signs in", async ({
  page,
  request,
}, testInfo) => {
  mode = 'refuse-recipient';
  const email = longEmail('link');
  await page.goto(configUrl({ products: ['emailMagicLinks'] }));
  const field = page.getByLabel('Email');
  await field.fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();

  await expect(page.getByRole('alert')).toHaveText(NOT_SENT);
  await expect(field).toHaveAccessibleDescription(NOT_SENT);
  await expect(field).toHaveValue(email);
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await expect(page.getByRole('button', { name: 'Continue with email' })).toHaveCount(0);
  await lookAt(page, testInfo, '1-not-sent');
  expect(await outboxFor(request, email)).toEqual([]);

  // Still refusing (now once it has read the message): said again; Enter in the field tries again.
  mode = 'refuse-data';
  await field.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(NOT_SENT);
  expect(await outboxFor(request, email)).toEqual([]);

  mode = 'accept';
  await tryAgain.click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('An email was sent to')).toContainText(email);
  const message = await latestMessageTo(request, email, undefined, stack.apiUrl);
  expect(await outboxFor(request, email)).toHaveLength(1);
  await page.goto(firstLink(message));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
});

test("a password reset the mail server refuses: said under 'Forgot Password?' with 'Try again', focused; once it accepts, Try again sends it", async ({
  page,
  request,
}, testInfo) => {
  const email = longEmail('reset');
  await page.goto(configUrl({ products: ['passwords'] }));
  // An account with a password, made through the API (no email needed).
  const headers = { 'X-Public-Token': await demoPublicToken(page) };
  const created = await request.post(`${stack.apiUrl}/sdk/v1/passwords`, { headers, data: { email, password: 'orbit Pickle 74 lantern quasar' } });
  expect(created.status()).toBe(200);

  mode = 'refuse-data';
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('alert')).toHaveText(NOT_SENT);
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeFocused();
  await expect(tryAgain).toHaveAccessibleDescription(NOT_SENT);
  await lookAt(page, testInfo, '2-reset-not-sent');
  expect(await outboxFor(request, email)).toEqual([]);

  mode = 'accept';
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  const message = await latestMessageTo(request, email, undefined, stack.apiUrl);
  expect(message.subject).toBe('Reset your Vestibule Demo password');
});
