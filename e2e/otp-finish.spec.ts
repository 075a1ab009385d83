import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { latestMessageTo, passcodeIn } from './support/outbox';
import { uniqueEmail } from './support/stack';

/** Issue 11, 'Finish the built flows': the passcode destination and the events the client logs. */

const EMAIL_OTP = { products: ['otp'], otpOptions: { methods: ['email'] } };
const PHONE_OTP = { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp'] } };
const configUrl = (config: object) => `/?config=${encodeURIComponent(JSON.stringify(config))}`;

interface LoggedEvent {
  name: string;
  details: Record<string, unknown>;
}

/** Every event the page posts to the event log, in order. */
function recordEvents(page: Page): LoggedEvent[] {
  const logged: LoggedEvent[] = [];
  page.on('request', (req: Request) => {
    if (req.url().endsWith('/sdk/v1/events') && req.method() === 'POST') {
      logged.push(...(req.postDataJSON() as { events: LoggedEvent[] }).events);
    }
  });
  return logged;
}

test('a UK number typed nationally is shown in international form on the passcode screen', async ({ page, request }, testInfo) => {
  await page.goto(configUrl(PHONE_OTP));
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Phone number').pressSequentially('07911 123456');
  await expect(page.getByLabel('Phone number')).toHaveValue('07911 123456');
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();

  const destination = page.locator('b.vst-destination');
  await expect(destination).toHaveText('+44 7911 123456');
  await expect(page.getByText('A 6-digit passcode was sent to you at')).toContainText('+44 7911 123456');
  await expect(page.getByText('+44 07911 123456')).toHaveCount(0);
  await lookAt(page, testInfo, 'enter-passcode-international');
  // The number is read as one unit: on one line, inside the widget, at the default width and at 320 px.
  const viewport = page.viewportSize()!;
  for (const width of [viewport.width, 400, 320]) {
    await page.setViewportSize({ width, height: viewport.height });
    expect(await destination.evaluate((el) => el.getClientRects().length), `one line at ${width} px`).toBe(1);
    const box = (await destination.boundingBox())!;
    const widget = (await page.locator('.vestibule').first().boundingBox())!;
    expect(box.x >= widget.x && box.x + box.width <= widget.x + widget.width, `inside the widget at ${width} px`).toBe(true);
  }
  await page.setViewportSize(viewport);

  const message = await latestMessageTo(request, '+447911123456');
  expect(message.channel).toBe('sms');
  await page.getByLabel('6-digit passcode').fill(passcodeIn(message));
  await expect(page.getByText('Your passcode has been successfully verified.')).toBeVisible();
});

test('keys typed while the phone field loads all land: the field that takes over has the focus', async ({ page, request }, testInfo) => {
  // The phone field's chunk is held until the user has typed part of the number into the stand-in.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/phone-*.js', async (route) => {
    await held;
    await route.continue();
  });
  const last = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  await page.goto(configUrl({ products: ['otp'], otpOptions: { methods: ['sms'] } }));
  await page.getByLabel('Phone number').pressSequentially('+44 7911');
  release();
  await expect(page.getByRole('combobox', { name: 'Country' })).toBeVisible();
  // Typed wherever the focus now is, as a person would keep typing.
  await page.keyboard.type(` 123${last}`);
  // Whole, the number switched the country (+44 7911 1... is Guernsey's in libphonenumber's data)
  // and shows in national form, as it does when typed into the real field from the start.
  await expect(page.getByLabel('Phone number')).toHaveValue(`07911 123${last}`);
  await expect(page.getByLabel('Phone number')).toBeFocused();
  await lookAt(page, testInfo, 'phone-field-took-over');
  await page.keyboard.press('Enter');
  const message = await latestMessageTo(request, `+447911123${last}`);
  await page.getByLabel('6-digit passcode').fill(passcodeIn(message));
  await expect(page.getByText('Your passcode has been successfully verified.')).toBeVisible();
});

test('an email passcode logs email_sent with the email and type', async ({ page, request }) => {
  const logged = recordEvents(page);
  const email = uniqueEmail('otp-event');
  await page.goto(configUrl(EMAIL_OTP));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  await latestMessageTo(request, email);
  await expect.poll(() => logged.filter((e) => e.name === 'email_sent').map((e) => e.details)).toEqual([{ email, type: 'email_otp' }]);
});

test('on a first visit render_login_screen carries the fetched bootstrap, not the empty defaults', async ({ browser }) => {
  // A new context: nothing cached in local storage, so the widget has to fetch the bootstrap.
  const context = await browser.newContext();
  const page = await context.newPage();
  const logged = recordEvents(page);
  const fetched = page.waitForResponse((res) => res.url().endsWith('/sdk/v1/projects/bootstrap') && res.ok());
  await page.goto(configUrl(EMAIL_OTP));
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  const served = (await (await fetched).json()) as Record<string, unknown>;
  expect(served.projectName).toBeTruthy();

  await expect.poll(() => logged.filter((e) => e.name === 'render_login_screen').length).toBe(1);
  const render = logged.find((e) => e.name === 'render_login_screen')!;
  const bootstrap = render.details.bootstrap as Record<string, unknown>;
  expect(bootstrap.projectName).toBe(served.projectName);
  expect(bootstrap.emailDomains).toEqual(served.emailDomains);
  expect(bootstrap.displayWatermark).toBe(served.displayWatermark);
  expect(render.details.options).toEqual(EMAIL_OTP);
  await context.close();
});
