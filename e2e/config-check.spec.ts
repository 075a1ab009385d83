import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';

/** Issue 11: a mistake in the configuration is one developer error, in the console and in the widget, at mount. */

const configUrl = (config: object) => `/?config=${encodeURIComponent(JSON.stringify(config))}`;

/** What the page writes with console.error, as it arrives. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

const TYPES =
  "'amazon', 'apple', 'bitbucket', 'coinbase', 'discord', 'facebook', 'figma', 'github', 'gitlab', 'google', 'linkedin', 'microsoft', 'salesforce', 'slack', 'snapchat', 'tiktok', 'twitch', 'twitter' and 'yahoo'";

const cases: [string, object, string][] = [
  [
    'an unknown passcode method',
    { products: ['otp'], otpOptions: { methods: ['pigeon'] } },
    "Vestibule config: otpOptions.methods has 'pigeon'; the methods are 'email', 'sms' and 'whatsapp'.",
  ],
  [
    'empty products',
    { products: [] },
    "Vestibule config: products is empty; add at least one of 'emailMagicLinks', 'passwords', 'otp', 'passkeys', 'oauth' or 'crypto'.",
  ],
  [
    'products that are not a list',
    { products: 'emailMagicLinks' },
    "Vestibule config: products is the string 'emailMagicLinks'; it takes an array of 'emailMagicLinks', 'passwords', 'otp', 'passkeys', 'oauth' and 'crypto'.",
  ],
  [
    'an unknown OAuth provider',
    { products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [{ type: 'myspace' }] } },
    `Vestibule config: oauthOptions.providers has type 'myspace'; the types are ${TYPES}.`,
  ],
  [
    'a session longer than the server allows',
    { products: ['emailMagicLinks'], sessionOptions: { sessionDurationMinutes: 1_000_000 } },
    'Vestibule config: sessionOptions.sessionDurationMinutes is 1000000; it takes a whole number of minutes from 5 to 525600.',
  ],
];

for (const [name, config, message] of cases) {
  test(`${name}: the widget and the console say so at mount, and no form is drawn`, async ({ page }, testInfo) => {
    const errors = consoleErrors(page);
    await page.goto(configUrl(config));
    const widget = page.locator('.vestibule');
    await expect(widget.getByRole('alert')).toHaveText(message);
    await expect(widget.locator('form, input, button, [role="tablist"]')).toHaveCount(0);
    await expect.poll(() => errors.filter((text) => text.startsWith('Vestibule config:'))).toEqual([message]);
    // The demo passes the mistake on to the widget rather than hiding it, and points at it.
    await expect(page.getByTestId('next-step')).toHaveText('This configuration has a mistake: the widget below names it.');
    if (name === 'an unknown passcode method') await lookAt(page, testInfo, 'config-error');
  });
}
