import { describe, expect, it } from 'vitest';
import { mainLayout, passkeyAutofillApplies, type MainBlock, type MainEnvironment } from '../../src/main/layout';
import type { LoginConfig } from '../../src/types';

const NO_AUTOFILL: MainEnvironment = { passkeyAutofill: false };
const AUTOFILL: MainEnvironment = { passkeyAutofill: true };

/** A compact picture of the blocks: 'form[email:emailMagicLink]', 'slot:passkey', 'slot:wallets', '|' (divider 'or'). */
function picture(blocks: MainBlock[]): string[] {
  return blocks.map((b) => {
    switch (b.kind) {
      case 'form':
        return `form[${b.tabs.map((t) => `${t.method}:${t.slot}`).join(',')}]`;
      case 'slot':
        return `slot:${b.slot}`;
      case 'divider':
        return b.label === 'or' ? '|' : `divider:${b.label}`;
    }
  });
}

const EML = 'form[email:emailMagicLink]';

describe('mainLayout (SPEC.md section 2, Main): one pure function of the configuration and the environment', () => {
  const table: [string, LoginConfig, MainEnvironment, string[] | { error: string }][] = [
    ['magic links alone', { products: ['emailMagicLinks'] }, NO_AUTOFILL, [EML]],
    ['passwords take the Email tab', { products: ['passwords', 'emailMagicLinks'] }, NO_AUTOFILL, ['form[email:emailPassword]']],
    ['email passcode alone', { products: ['otp'], otpOptions: { methods: ['email'] } }, NO_AUTOFILL, ['form[email:emailOtp]']],
    [
      'tabs in configuration order: otp methods where otp sits, Email where emailMagicLinks sits',
      { products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['whatsapp', 'sms'] } },
      NO_AUTOFILL,
      ['form[whatsapp:whatsapp,sms:sms,email:emailMagicLink]'],
    ],
    [
      'OAuth above the form by default, then wallets, the form, the passkey button, with dividers',
      { products: ['passkeys', 'emailMagicLinks', 'crypto', 'oauth'] },
      NO_AUTOFILL,
      ['slot:oauth', '|', 'slot:wallets', '|', EML, '|', 'slot:passkey'],
    ],
    [
      'OAuth below the form when configured so',
      { products: ['oauth', 'emailMagicLinks', 'crypto'], oauthOptions: { position: 'below' } as LoginConfig['oauthOptions'] },
      NO_AUTOFILL,
      [EML, '|', 'slot:oauth', '|', 'slot:wallets'],
    ],
    ['OAuth alone', { products: ['oauth'] }, NO_AUTOFILL, ['slot:oauth']],
    ['wallets alone', { products: ['crypto'] }, NO_AUTOFILL, ['slot:wallets']],
    ['wallets and OAuth: OAuth first, one divider', { products: ['crypto', 'oauth'] }, NO_AUTOFILL, ['slot:oauth', '|', 'slot:wallets']],
    ['the passkey button without autofill', { products: ['emailMagicLinks', 'passkeys'] }, NO_AUTOFILL, [EML, '|', 'slot:passkey']],
    ['no passkey button with autofill and an email method', { products: ['emailMagicLinks', 'passkeys'] }, AUTOFILL, [EML]],
    [
      'the passkey button with autofill but no email method',
      { products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } },
      AUTOFILL,
      ['form[sms:sms]', '|', 'slot:passkey'],
    ],
    [
      'no passkey button with autofill and an Email tab among others',
      { products: ['otp', 'passwords', 'passkeys'], otpOptions: { methods: ['sms'] } },
      AUTOFILL,
      ['form[sms:sms,email:emailPassword]'],
    ],
    ['passkeys by themselves: an error instead', { products: ['passkeys'] }, NO_AUTOFILL, { error: 'passkeysAlone' }],
    ['passkeys by themselves with autofill: the error still', { products: ['passkeys'] }, AUTOFILL, { error: 'passkeysAlone' }],
    [
      'magic links and email OTP together: an error instead',
      { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } },
      NO_AUTOFILL,
      { error: 'emlAndEmailOtp' },
    ],
    ['nothing configured: nothing shown', { products: [] }, NO_AUTOFILL, []],
  ];

  it.each(table)('%s', (_name, config, env, expected) => {
    const layout = mainLayout(config, env);
    if (Array.isArray(expected)) {
      expect(layout.error).toBeNull();
      expect(picture(layout.blocks)).toEqual(expected);
    } else {
      expect(layout).toEqual({ error: expected.error, blocks: [] });
    }
  });

  it('labels the tabs Text, WhatsApp and Email', () => {
    const layout = mainLayout({ products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['sms', 'whatsapp'] } }, NO_AUTOFILL);
    const form = layout.blocks[0];
    expect(form?.kind === 'form' ? form.tabs.map((t) => t.label) : null).toEqual(['tabText', 'tabWhatsApp', 'tabEmail']);
  });

  it('is pure: the same input gives the same answer and is left untouched', () => {
    const config = Object.freeze({ products: Object.freeze(['oauth', 'emailMagicLinks', 'passkeys']) }) as unknown as LoginConfig;
    expect(mainLayout(config, NO_AUTOFILL)).toEqual(mainLayout(config, NO_AUTOFILL));
  });
});

describe('passkeyAutofillApplies: when the autofill ceremony runs instead of the button', () => {
  it.each<[string, LoginConfig, boolean]>([
    ['passkeys with an email method', { products: ['emailMagicLinks', 'passkeys'] }, true],
    ['passkeys with email passcodes', { products: ['otp', 'passkeys'], otpOptions: { methods: ['email'] } }, true],
    ['passkeys without an email method', { products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } }, false],
    ['no passkeys', { products: ['emailMagicLinks'] }, false],
    ['passkeys by themselves (a configuration error)', { products: ['passkeys'] }, false],
    ['a configuration error', { products: ['emailMagicLinks', 'otp', 'passkeys'], otpOptions: { methods: ['email'] } }, false],
  ])('%s', (_name, config, expected) => {
    expect(passkeyAutofillApplies(config)).toBe(expected);
  });
});
