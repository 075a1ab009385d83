import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { latestMessageTo, passcodeIn } from './support/outbox';

/**
 * Issue 11, 'Finish the built flows': the passcode entry's six slots, its red error state, and a
 * code that no longer works (tries used up, or expired) greyed out with resend in reach.
 */

const EMAIL_OTP = { products: ['otp'], otpOptions: { methods: ['email'] } };
const configUrl = (config: object) => `/?config=${encodeURIComponent(JSON.stringify(config))}`;
const DEAD = 'This passcode no longer works. Please request a new one.';
/** The default theme's error colour (#b42318), as computed styles give it. */
const ERROR_RED = 'rgb(180, 35, 24)';

/**
 * An address no other test uses, short enough to sit on one line at 320 px: these tests look at
 * the entry, not at how a long address wraps.
 */
const uniqueEmail = () => `${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A 6-digit code that is certainly not the right one. */
const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

async function sendEmailCode(page: Page, email: string) {
  await page.goto(configUrl(EMAIL_OTP));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
}

/** Types a code and waits for the server's answer. */
async function enter(page: Page, code: string) {
  const answered = page.waitForResponse((res) => res.url().endsWith('/sdk/v1/otps/authenticate'));
  await page.getByLabel('6-digit passcode').fill(code);
  await answered;
}

/** The six slots lie inside the widget, on one row, at the default width and at 320 px. */
async function expectSlotsFit(page: Page, slots: Locator) {
  const viewport = page.viewportSize()!;
  for (const width of [viewport.width, 320]) {
    await page.setViewportSize({ width, height: viewport.height });
    const widget = (await page.locator('.vestibule').first().boundingBox())!;
    const boxes = await Promise.all((await slots.all()).map(async (slot) => (await slot.boundingBox())!));
    for (const box of boxes) {
      expect(box.x >= widget.x && box.x + box.width <= widget.x + widget.width, `slot inside the widget at ${width} px`).toBe(true);
      expect(box.y, `slots on one row at ${width} px`).toBe(boxes[0]!.y);
      expect(box.width, `a slot wide enough for a digit at ${width} px`).toBeGreaterThanOrEqual(28);
    }
    expect(
      await page
        .locator('.vestibule')
        .first()
        .evaluate((el) => el.scrollWidth <= el.clientWidth),
      `no overflow at ${width} px`,
    ).toBe(true);
  }
  await page.setViewportSize(viewport);
}

test('six slots; a wrong code shows the red state, tied to the entry', async ({ page, request }, testInfo) => {
  const email = uniqueEmail();
  await sendEmailCode(page, email);
  const entry = page.getByLabel('6-digit passcode');
  const slots = page.locator('.vst-code-slot');
  await expect(slots).toHaveCount(6);
  for (const slot of await slots.all()) await expect(slot).toBeVisible();
  await expectSlotsFit(page, slots);
  await expect(entry).toBeFocused();
  await entry.pressSequentially('12');
  await expect(slots.nth(0)).toHaveText('1');
  await expect(slots.nth(1)).toHaveText('2');
  await lookAt(page, testInfo, '1-typing');
  await entry.press('Backspace');
  await expect(entry).toHaveValue('1');
  await expect(slots.nth(1)).toHaveText('');

  const code = passcodeIn(await latestMessageTo(request, email));
  await entry.fill('');
  await enter(page, wrongCode(code));
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Invalid passcode, please try again.');
  await expect(entry).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await entry.getAttribute('aria-describedby'))!.split(' ');
  expect(describedBy).toContain(await alert.getAttribute('id'));
  for (const slot of await slots.all()) await expect(slot).toHaveCSS('border-top-color', ERROR_RED);
  await expect(entry).toBeFocused();
  await lookAt(page, testInfo, '2-wrong-code');

  // Pasting the right code submits it.
  await entry.evaluate(
    (input, text) => {
      const data = new DataTransfer();
      data.setData('text', text);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    ` ${code.slice(0, 3)} ${code.slice(3)} `,
  );
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
});

test('the 5th wrong code says the code no longer works; resend is focused and its code signs in', async ({ page, request }, testInfo) => {
  const email = uniqueEmail();
  await sendEmailCode(page, email);
  const entry = page.getByLabel('6-digit passcode');
  const first = await latestMessageTo(request, email);
  const code = passcodeIn(first);
  for (let attempt = 0; attempt < 4; attempt++) {
    await enter(page, wrongCode(code));
    await expect(page.getByRole('alert')).toHaveText('Invalid passcode, please try again.');
  }
  // The 5th wrong code used the last try: its answer already says the code is dead.
  await enter(page, wrongCode(code));
  await expect(page.getByRole('alert')).toHaveText(DEAD);
  await expect(page.getByText(/try again/)).toHaveCount(0);
  await expect(entry).toBeDisabled();
  await expect(page.getByText(/Your code expires in/)).toHaveCount(0);
  const resend = page.getByRole('button', { name: 'Resend code' });
  await expect(resend).toBeFocused();
  await expect(resend).toHaveAccessibleDescription(DEAD);
  await lookAt(page, testInfo, 'dead');

  await page.keyboard.press('Enter');
  await expect(page.getByText('Email resent')).toBeVisible();
  await expect(entry).toBeEnabled();
  await expect(entry).toBeFocused();
  await expect(page.getByText(DEAD)).toHaveCount(0);
  const second = await latestMessageTo(request, email, first.id);
  await entry.pressSequentially(passcodeIn(second));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
});

test('an expired code looks disabled and offers the resend, focused', async ({ page, request }, testInfo) => {
  // The widget's countdown runs on the page's clock: jump it past the 5 minutes.
  await page.clock.install();
  const email = uniqueEmail();
  await sendEmailCode(page, email);
  const entry = page.getByLabel('6-digit passcode');
  const first = await latestMessageTo(request, email);
  await expect(entry).toBeFocused();
  await page.clock.fastForward('05:01');
  await expect(page.getByRole('status').filter({ hasText: 'Your code has expired.' })).toBeVisible();
  await expect(entry).toBeDisabled();
  for (const slot of await page.locator('.vst-code-slot').all()) await expect(slot).toHaveCSS('background-color', 'rgb(229, 232, 235)');
  const resend = page.getByRole('button', { name: 'Resend code' });
  await expect(resend).toBeFocused();
  await lookAt(page, testInfo, 'expired');

  await resend.click();
  await expect(entry).toBeEnabled();
  const second = await latestMessageTo(request, email, first.id);
  await entry.fill(passcodeIn(second));
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
});
