import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { latestMessageTo, passcodeIn } from './support/outbox';
import { uniqueEmail, uniquePhone } from './support/stack';

const EMAIL_OTP = { products: ['otp'], otpOptions: { methods: ['email'] } };
const PHONE_OTP = { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp'] } };
const configUrl = (config: object) => `/?config=${encodeURIComponent(JSON.stringify(config))}`;

/** A 6-digit code that is certainly not the right one. */
const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

async function sendEmailCode(page: Page, email: string, config: object = EMAIL_OTP) {
  await page.goto(configUrl(config));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
}

test('email passcode: a new address signs up, then logs in again as the same user', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('otp-email');
  await page.goto(configUrl(EMAIL_OTP));
  await lookAt(page, testInfo, '1-main');
  await sendEmailCode(page, email);
  await expect(page.getByText('A 6-digit passcode was sent to you at')).toContainText(email);
  await lookAt(page, testInfo, '2-enter-passcode');

  const message = await latestMessageTo(request, email);
  expect(message.channel).toBe('email');
  expect(message.text).toContain('Vestibule Demo');
  expect(message.text).toContain('5 minutes');
  // Typing the sixth digit submits the code: there is no button to press.
  await page.getByLabel('6-digit passcode').pressSequentially(passcodeIn(message));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByText('Your passcode has been successfully verified.')).toBeVisible();
  await expect(page.getByTestId('signed-in-email')).toHaveText(email);
  const userId = await page.getByTestId('user-id').textContent();
  await lookAt(page, testInfo, '3-confirmation');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Signed out.')).toBeVisible();
  await sendEmailCode(page, email);
  const second = await latestMessageTo(request, email, message.id);
  await page.getByLabel('6-digit passcode').fill(passcodeIn(second));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('user-id')).toHaveText(userId!);
});

test('text message passcode signs in with a phone number typed in national form', async ({ page, request }, testInfo) => {
  const phone = uniquePhone();
  await page.goto(configUrl(PHONE_OTP));
  await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'WhatsApp' })).toBeVisible();
  await page.getByLabel('Phone number').pressSequentially(phone.typed);
  await expect(page.getByLabel('Phone number')).toHaveValue(`(${phone.typed.slice(0, 3)}) ${phone.typed.slice(3, 6)}-${phone.typed.slice(6)}`);
  await lookAt(page, testInfo, '1-phone-form');
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();

  const message = await latestMessageTo(request, phone.e164);
  expect(message.channel).toBe('sms');
  expect(message.subject).toBeNull();
  await page.getByLabel('6-digit passcode').fill(passcodeIn(message));
  await expect(page.getByText('Your passcode has been successfully verified.')).toBeVisible();
  await expect(page.getByTestId('user-id')).not.toBeEmpty();
});

test("a page opening on the Text tab whose form's code cannot be fetched says so; 'Try again' brings it with the number kept", async ({
  page,
  request,
}, testInfo) => {
  const phone = uniquePhone();
  await page.route(/PhoneForm/, (route) => route.abort());
  await page.goto(configUrl(PHONE_OTP));
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phone.e164);
  await expect(page.getByText('The phone number form could not load. Check your connection, then try again.')).toBeVisible();
  await lookAt(page, testInfo, 'phone-form-not-loaded');
  await page.unroute(/PhoneForm/);
  await page.getByRole('button', { name: 'Try again' }).click();
  // The number typed before is kept: the text goes to it.
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  expect((await latestMessageTo(request, phone.e164)).channel).toBe('sms');
});

test('a pasted international number switches the country and sends in E.164', async ({ page, request }) => {
  await page.goto(configUrl(PHONE_OTP));
  await page.getByLabel('Phone number').fill('+44 20 7946 0958');
  await expect(page.getByLabel('Country')).toHaveValue('GB');
  await expect(page.getByLabel('Phone number')).toHaveValue('020 7946 0958');
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  expect((await latestMessageTo(request, '+442079460958')).channel).toBe('sms');
});

test('WhatsApp passcode signs in, and an invalid number is refused in the form', async ({ page, request }, testInfo) => {
  const phone = uniquePhone();
  await page.goto(configUrl(PHONE_OTP));
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  await page.getByLabel('Phone number').fill('12');
  await page.getByRole('button', { name: 'Continue with WhatsApp' }).click();
  await expect(page.getByText('Phone number format is invalid. Ensure the phone number is in the E.164 format.')).toBeVisible();
  await lookAt(page, testInfo, 'invalid-number');

  await page.getByLabel('Phone number').fill(phone.typed);
  await page.getByRole('button', { name: 'Continue with WhatsApp' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  const message = await latestMessageTo(request, phone.e164);
  expect(message.channel).toBe('whatsapp');
  await page.getByLabel('6-digit passcode').fill(passcodeIn(message));
  await expect(page.getByText('Your passcode has been successfully verified.')).toBeVisible();
});

test('a wrong code shows the error and stays; the right one then signs in', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('otp-wrong');
  await sendEmailCode(page, email);
  const code = passcodeIn(await latestMessageTo(request, email));
  await page.getByLabel('6-digit passcode').fill(wrongCode(code));
  await expect(page.getByText('Invalid passcode, please try again.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  await expect(page.getByLabel('6-digit passcode')).toHaveValue('');
  await lookAt(page, testInfo, 'wrong-code');
  await page.getByLabel('6-digit passcode').fill(code);
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
});

test('the entry keeps digits only, and the back arrow returns to Main with the address kept', async ({ page }) => {
  const email = uniqueEmail('otp-digits');
  await sendEmailCode(page, email);
  await page.getByLabel('6-digit passcode').pressSequentially('1a2-b3');
  await expect(page.getByLabel('6-digit passcode')).toHaveValue('123');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test('an expired code says so, and a resent code signs in', async ({ page, request }, testInfo) => {
  // The page's clock, moved on past the code's minute rather than waited out: the countdown and
  // what it says at the end are the page's own.
  await page.clock.install();
  const email = uniqueEmail('otp-expired');
  await sendEmailCode(page, email, { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 1 } });
  const first = await latestMessageTo(request, email);
  await expect(page.getByText(/Your code expires in 0:5\d\./)).toBeVisible();
  await page.clock.fastForward('01:01');
  await expect(page.getByText('Your code has expired.')).toBeVisible();
  await lookAt(page, testInfo, 'expired');

  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByText('Code sent')).toBeVisible();
  await expect(page.getByText('Email resent')).toBeVisible();
  await lookAt(page, testInfo, 'resent');
  const second = await latestMessageTo(request, email, first.id);
  await page.getByLabel('6-digit passcode').fill(passcodeIn(second));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
});

/**
 * Waits out the end of a rate-limit window when it is this close. Limits count in fixed windows
 * (aligned to the epoch): sends that straddle an edge fall into two windows, and the limit is not
 * reached where the test expects it.
 */
async function clearOfWindowEdge(windowSeconds: number, neededSeconds: number) {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < neededSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 500));
}

test('too many codes to one address: the rate limit is shown to the user', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  // rateLimits.otpPerDestination: 5 sends per 600 s.
  await clearOfWindowEdge(600, 60);
  const email = uniqueEmail('otp-rate');
  await sendEmailCode(page, email);
  let last = await latestMessageTo(request, email);
  for (let resend = 1; resend <= 4; resend++) {
    await page.getByRole('button', { name: 'Resend code' }).click();
    last = await latestMessageTo(request, email, last.id);
    await expect(page.getByRole('button', { name: 'Resend code' })).toBeEnabled({ timeout: 5_000 });
  }
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByText(/too many/i).first()).toBeVisible();
  await lookAt(page, testInfo, 'rate-limited');
});

test('wrong codes across codes lock the user; even the right code is then refused', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('otp-lock');
  await sendEmailCode(page, email);
  const entry = page.getByLabel('6-digit passcode');
  let message = await latestMessageTo(request, email);
  for (let round = 0; round < 2; round++) {
    const code = passcodeIn(message);
    for (let attempt = 0; attempt < 5; attempt++) {
      await entry.fill(wrongCode(code));
      await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
      await expect(entry).toHaveValue('');
    }
    if (round === 0) {
      await page.getByRole('button', { name: 'Resend code' }).click();
      message = await latestMessageTo(request, email, message.id);
    }
  }
  await expect(page.getByText('Too many failed authentication attempts. Please try again later.')).toBeVisible();
  await entry.fill(passcodeIn(message));
  await expect(page.getByText('Too many failed authentication attempts. Please try again later.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  await lookAt(page, testInfo, 'locked');
});
