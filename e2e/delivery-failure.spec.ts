import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { firstLink, latestMessageTo, passcodeIn } from './support/outbox';
import { startStack, type StackProcess } from './support/stack-process';

/**
 * Issue 31, when delivery fails: a stack as `npm start` runs it (development, the outbox on) with
 * SMTP_URL set to a mail server of the test's own. While that server refuses, the widget says the
 * email could not be sent and offers 'Try again' (focused); nothing reaches the outbox, which holds
 * only what went out. Once the server accepts, 'Try again' sends, and the link or code works.
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

test('a magic link the mail server refuses: said, Try again focused; once it accepts, Try again sends the link, which signs in', async ({
  page,
  request,
}, testInfo) => {
  mode = 'refuse-recipient';
  const email = longEmail('link');
  await page.goto(configUrl({ products: ['emailMagicLinks'] }));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();

  await expect(page.getByRole('alert')).toHaveText('The email could not be sent.');
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeFocused();
  await expect(tryAgain).toHaveAccessibleDescription('The email could not be sent.');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByRole('button', { name: 'Continue with email' })).toHaveCount(0);
  await lookAt(page, testInfo, '1-not-sent');
  expect(await outboxFor(request, email)).toEqual([]);

  // Still refusing (now once it has read the message): said again, focused again.
  mode = 'refuse-data';
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('The email could not be sent.');
  await expect(tryAgain).toBeFocused();
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

test('a new passcode the mail server refuses: said where Resend was; once it accepts, Try again sends it and its code signs in', async ({
  page,
  request,
}, testInfo) => {
  mode = 'refuse-data';
  const email = longEmail('code');
  await page.goto(configUrl({ products: ['otp'], otpOptions: { methods: ['email'] } }));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email could not be sent.');
  mode = 'accept';
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  const first = await latestMessageTo(request, email, undefined, stack.apiUrl);

  mode = 'refuse-recipient';
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email could not be sent.');
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeFocused();
  await expect(page.getByRole('button', { name: 'Resend code' })).toHaveCount(0);
  await lookAt(page, testInfo, '2-resend-not-sent');

  mode = 'accept';
  await tryAgain.click();
  await expect(page.getByText('Email resent')).toBeVisible();
  const second = await latestMessageTo(request, email, first.id, stack.apiUrl);
  await page.getByLabel('6-digit passcode').pressSequentially(passcodeIn(second));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
});
