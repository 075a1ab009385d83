import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../../../apps/demo/src/presets';
import { defaultLoginConfig } from '../../../../apps/demo/src/login-config';
import { configProblem } from '../../src/widget/config-check';
import type { LoginConfig } from '../../src/types';

/** Issue 11: the configuration is checked at mount, one message naming the option. */

const PRODUCT_LIST = "'emailMagicLinks', 'passwords', 'otp', 'passkeys', 'oauth' and 'crypto'";
const TYPES =
  "'amazon', 'apple', 'bitbucket', 'coinbase', 'discord', 'facebook', 'figma', 'github', 'gitlab', 'google', 'linkedin', 'microsoft', 'salesforce', 'slack', 'snapchat', 'tiktok', 'twitch', 'twitter' and 'yahoo'";

describe('configProblem: the first mistake in a configuration, for the developer', () => {
  const table: [string, unknown, string][] = [
    ['no config at all', undefined, 'the config is undefined; it takes an object with a products array.'],
    ['a config that is not an object', 'otp', "the config is the string 'otp'; it takes an object with a products array."],
    ['products missing', {}, `products is undefined; it takes an array of ${PRODUCT_LIST}.`],
    ['products not an array', { products: 'otp' }, `products is the string 'otp'; it takes an array of ${PRODUCT_LIST}.`],
    ['products empty', { products: [] }, "products is empty; add at least one of 'emailMagicLinks', 'passwords', 'otp', 'passkeys', 'oauth' or 'crypto'."],
    ['an unknown product', { products: ['emailMagicLinks', 'sms'] }, `products has 'sms'; the products are ${PRODUCT_LIST}.`],
    ['a product that is not a string', { products: [3] }, `products has 3; the products are ${PRODUCT_LIST}.`],
    [
      'an unknown passcode method',
      { products: ['otp'], otpOptions: { methods: ['pigeon'] } },
      "otpOptions.methods has 'pigeon'; the methods are 'email', 'sms' and 'whatsapp'.",
    ],
    ['otp without methods', { products: ['otp'] }, "products has 'otp' but otpOptions.methods is missing; add at least one of 'email', 'sms' or 'whatsapp'."],
    [
      'otp with no methods',
      { products: ['otp'], otpOptions: { methods: [] } },
      "products has 'otp' but otpOptions.methods is empty; add at least one of 'email', 'sms' or 'whatsapp'.",
    ],
    [
      'methods not an array',
      { products: ['otp'], otpOptions: { methods: 'sms' } },
      "otpOptions.methods is the string 'sms'; it takes an array of 'email', 'sms' and 'whatsapp'.",
    ],
    [
      'an unknown method even where otp is not a product',
      { products: ['emailMagicLinks'], otpOptions: { methods: ['fax'] } },
      "otpOptions.methods has 'fax'; the methods are 'email', 'sms' and 'whatsapp'.",
    ],
    ['an option group that is not an object', { products: ['otp'], otpOptions: ['sms'] }, 'otpOptions is an array; it takes an object.'],
    [
      'an unknown OAuth provider',
      { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }, { type: 'myspace' }] } },
      `oauthOptions.providers has type 'myspace'; the types are ${TYPES}.`,
    ],
    [
      'an OAuth provider with a capital letter',
      { products: ['oauth'], oauthOptions: { providers: [{ type: 'Google' }] } },
      `oauthOptions.providers has type 'Google'; the types are ${TYPES}.`,
    ],
    [
      'an OAuth provider entry without a type',
      { products: ['oauth'], oauthOptions: { providers: [{}] } },
      `oauthOptions.providers has type undefined; the types are ${TYPES}.`,
    ],
    [
      'providers not an array',
      { products: ['oauth'], oauthOptions: { providers: 'google' } },
      "oauthOptions.providers is the string 'google'; it takes an array of entries such as { type: 'google' }.",
    ],
    [
      'a passcode language that is not text',
      { products: ['otp'], otpOptions: { methods: ['email'], locale: 5 } },
      "otpOptions.locale is 5; it takes a language tag such as 'de' or 'pt-BR'.",
    ],
    [
      'an unknown OAuth position',
      { products: ['oauth'], oauthOptions: { providers: [], position: 'left' } },
      "oauthOptions.position is the string 'left'; it takes 'above' or 'below'.",
    ],
    [
      'a session longer than the server allows',
      { products: ['emailMagicLinks'], sessionOptions: { sessionDurationMinutes: 525601 } },
      'sessionOptions.sessionDurationMinutes is 525601; it takes a whole number of minutes from 5 to 525600.',
    ],
    [
      'a session shorter than the server allows',
      { products: ['emailMagicLinks'], sessionOptions: { sessionDurationMinutes: 4 } },
      'sessionOptions.sessionDurationMinutes is 4; it takes a whole number of minutes from 5 to 525600.',
    ],
    [
      'a string where minutes are expected',
      { products: ['emailMagicLinks'], sessionOptions: { sessionDurationMinutes: '30' } },
      "sessionOptions.sessionDurationMinutes is the string '30'; it takes a whole number of minutes from 5 to 525600.",
    ],
    [
      'a fraction of a minute',
      { products: ['emailMagicLinks'], sessionOptions: { sessionDurationMinutes: 30.5 } },
      'sessionOptions.sessionDurationMinutes is 30.5; it takes a whole number of minutes from 5 to 525600.',
    ],
    [
      'a passcode lifetime outside 1..30',
      { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 60 } },
      'otpOptions.expirationMinutes is 60; it takes a whole number of minutes from 1 to 30.',
    ],
    [
      'a magic-link lifetime outside 5..10080',
      { products: ['emailMagicLinks'], emailMagicLinksOptions: { signupExpirationMinutes: 10081 } },
      'emailMagicLinksOptions.signupExpirationMinutes is 10081; it takes a whole number of minutes from 5 to 10080.',
    ],
    [
      'a magic-link login lifetime of null',
      { products: ['emailMagicLinks'], emailMagicLinksOptions: { loginExpirationMinutes: null } },
      'emailMagicLinksOptions.loginExpirationMinutes is null; it takes a whole number of minutes from 5 to 10080.',
    ],
    [
      'a reset-link lifetime outside 5..10080',
      { products: ['passwords'], passwordOptions: { resetPasswordExpirationMinutes: 1 } },
      'passwordOptions.resetPasswordExpirationMinutes is 1; it takes a whole number of minutes from 5 to 10080.',
    ],
    [
      'a password login-link lifetime outside 5..10080',
      { products: ['passwords'], passwordOptions: { loginExpirationMinutes: 0 } },
      'passwordOptions.loginExpirationMinutes is 0; it takes a whole number of minutes from 5 to 10080.',
    ],
  ];

  it.each(table)('%s', (_name, config, message) => {
    expect(configProblem(config)).toBe(`Vestibule config: ${message}`);
  });

  const sound: [string, LoginConfig][] = [
    ['the demo default', defaultLoginConfig('http://localhost:3000')],
    ...PRESETS.map(({ label, config }): [string, LoginConfig] => [`the demo preset '${label}'`, config]),
    [
      'every product, every method',
      { products: ['emailMagicLinks', 'passwords', 'otp', 'passkeys', 'oauth', 'crypto'], otpOptions: { methods: ['email', 'sms', 'whatsapp'] } },
    ],
    [
      'every option at the edges of its range',
      {
        products: ['emailMagicLinks', 'otp', 'passwords', 'oauth'],
        emailMagicLinksOptions: { loginExpirationMinutes: 5, signupExpirationMinutes: 10080 },
        otpOptions: { methods: ['sms'], expirationMinutes: 1 },
        passwordOptions: { loginExpirationMinutes: 10080, resetPasswordExpirationMinutes: 5 },
        sessionOptions: { sessionDurationMinutes: 525600 },
        oauthOptions: { providers: [{ type: 'google', one_tap: true }, { type: 'github' }, { type: 'yahoo' }], position: 'below' },
      },
    ],
    ['passkeys alone (a SPEC error Main shows, not a developer mistake)', { products: ['passkeys'] }],
    [
      'otpOptions without methods where otp is not a product',
      { products: ['emailMagicLinks'], otpOptions: { expirationMinutes: 5 } as LoginConfig['otpOptions'] },
    ],
  ];

  it.each(sound)('%s: no problem', (_name, config) => {
    expect(configProblem(config)).toBeNull();
  });
});
