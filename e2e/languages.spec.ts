import { translation as ar } from '../packages/react/src/locales/ar';
import { translation as de } from '../packages/react/src/locales/de';
import { translation as fr } from '../packages/react/src/locales/fr';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { latestMessageTo } from './support/outbox';
import { uniqueEmail } from './support/stack';

test('the login widget speaks the language the page asks for, and sends its link from there', async ({ page, request }, testInfo) => {
  await page.goto('/?locale=de');
  const widget = page.locator('.vestibule');
  await expect(page.getByRole('heading', { name: de['Sign up or log in'] })).toBeVisible();
  await expect(widget).toHaveAttribute('lang', 'de');
  await expect(widget).toHaveAttribute('dir', 'ltr');
  await lookAt(page, testInfo, '1-german');

  const email = uniqueEmail('a-rather-long-address-for-the-german-screen');
  await page.getByLabel(de.Email, { exact: true }).fill(email);
  await page.getByRole('button', { name: de['Continue with email'] }).click();
  await expect(page.getByRole('heading', { name: de['Check your email'] })).toBeVisible();
  await lookAt(page, testInfo, '2-german-email-sent');

  // The widget sent its language with the request: the email is written in German.
  const message = await latestMessageTo(request, email);
  expect(message.html).toContain('<html lang="de">');
});

test('in Arabic the widget is written right to left', async ({ page }, testInfo) => {
  await page.goto('/?locale=ar');
  const widget = page.locator('.vestibule');
  await expect(page.getByRole('heading', { name: ar['Sign up or log in'] })).toBeVisible();
  await expect(widget).toHaveAttribute('dir', 'rtl');
  await expect(widget).toHaveAttribute('lang', 'ar');
  // Mirrored: the label starts at the right edge of the field.
  const label = await page.getByText(ar.Email, { exact: true }).boundingBox();
  const field = await page.getByLabel(ar.Email, { exact: true }).boundingBox();
  expect(label && field && Math.abs(label.x + label.width - (field.x + field.width))).toBeLessThan(2);
  // The wordmark is a logo: not mirrored, its word runs right of its mark.
  const wordStart = await page.locator('.vst-watermark-logo text').evaluate((word) => (word as SVGTextElement).getBBox().x);
  expect(wordStart).toBeGreaterThanOrEqual(25);
  await lookAt(page, testInfo, '1-arabic');
});

test('in Arabic an address, a number and a code are still written left to right, lined up at the right', async ({ page, request }, testInfo) => {
  const config = { products: ['otp'], otpOptions: { methods: ['sms', 'email'] } };
  await page.goto(`/?locale=ar&config=${encodeURIComponent(JSON.stringify(config))}`);
  await expect(page.getByRole('heading', { name: ar['Sign up or log in'] })).toBeVisible();
  // The phone field starts on Saudi Arabia, with a number as people there write it.
  const phone = page.getByPlaceholder(ar['(123) 456-7890']);
  await expect(phone).toBeVisible();
  await expect(phone).toHaveCSS('direction', 'ltr');
  await expect(phone).toHaveCSS('text-align', 'right');
  await page.getByRole('tab', { name: ar.Email }).click();
  const email = uniqueEmail('arabic');
  const field = page.getByRole('textbox', { name: ar.Email });
  await field.fill(email);
  await expect(field).toHaveCSS('direction', 'ltr');
  await lookAt(page, testInfo, '1-address');
  await page.getByRole('button', { name: ar['Continue with email'] }).click();
  await expect(page.getByRole('heading', { name: ar['Enter passcode'] })).toBeVisible();
  const code = (await latestMessageTo(request, email)).text.match(/\b\d{6}\b/)?.[0] ?? '';
  await page.keyboard.type(code.slice(0, 3));
  // The first digit typed is in the leftmost slot.
  const slots = page.locator('.vst-code-slot');
  const [first, last] = [await slots.first().boundingBox(), await slots.last().boundingBox()];
  expect(first && last && first.x < last.x).toBe(true);
  await expect(slots.first()).toHaveText(code[0] ?? '');
  await lookAt(page, testInfo, '2-code');
});

test.describe('with a browser that prefers French', () => {
  test.use({ locale: 'fr-FR' });

  test('the widget follows the browser when the page names no language', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: fr['Sign up or log in'] })).toBeVisible();
    await expect(page.locator('.vestibule')).toHaveAttribute('lang', 'fr');
  });
});
