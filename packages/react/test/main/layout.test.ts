import { describe, expect, it } from 'vitest';
import { mainLayout, type MainBlock } from '../../src/main/layout';
import { initialState } from '../../src/mounts/flows';
import { loginFlow } from '../../src/mounts/VestibuleLogin';
import type { FlowState } from '../../src/flow/types';
import type { LoginConfig } from '../../src/types';

/** The browser's answer to whether it offers passkeys in autofill, as the passkeys feature keeps it. */
type MainEnvironment = Pick<FlowState, 'passkeyAutofill'>;
const NO_AUTOFILL: MainEnvironment = { passkeyAutofill: false };
const AUTOFILL: MainEnvironment = { passkeyAutofill: true };

const layoutOf = (config: LoginConfig, env: MainEnvironment) => mainLayout(loginFlow.features, config, initialState('login', env));

/** The forms, by the tab they draw. */
const FORMS: Record<string, string> = {
  MagicLinkForm: 'emailMagicLink',
  PasswordEmailForm: 'emailPassword',
  OtpEmailForm: 'emailOtp',
  SmsForm: 'sms',
  WhatsAppForm: 'whatsapp',
};

/** The feature whose block a component draws. */
const featureDrawing = (draw: unknown) => loginFlow.features.find((f) => f.main?.block === draw)?.name;

/**
 * A compact picture of the blocks: 'form[email:emailMagicLink]' (tab id and the form drawing it),
 * 'slot:passkeys', 'slot:wallets' (a feature's block), '|' (the divider 'or' Main draws between two blocks).
 */
function picture(blocks: MainBlock[]): string[] {
  return blocks.flatMap((b, i) => [
    ...(i > 0 ? ['|'] : []),
    'tabs' in b ? `form[${b.tabs.map((t) => `${t.id}:${FORMS[t.form.name] ?? t.form.name}`).join(',')}]` : `slot:${featureDrawing(b.draw)}`,
  ]);
}

const EML = 'form[email:emailMagicLink]';

describe("mainLayout: one pure function of the mount's features, the configuration and the state", () => {
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
      ['slot:oauth', '|', 'slot:wallets', '|', EML, '|', 'slot:passkeys'],
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
    ['the passkey button without autofill', { products: ['emailMagicLinks', 'passkeys'] }, NO_AUTOFILL, [EML, '|', 'slot:passkeys']],
    ['no passkey button with autofill and an email method', { products: ['emailMagicLinks', 'passkeys'] }, AUTOFILL, [EML]],
    [
      'the passkey button with autofill but no email method',
      { products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } },
      AUTOFILL,
      ['form[sms:sms]', '|', 'slot:passkeys'],
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
    const layout = layoutOf(config, env);
    if (Array.isArray(expected)) {
      expect(layout.error).toBeNull();
      expect(picture(layout.blocks)).toEqual(expected);
    } else {
      expect(layout).toEqual({ error: expected.error, blocks: [] });
    }
  });

  it('labels the tabs Text, WhatsApp and Email', () => {
    const layout = layoutOf({ products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['sms', 'whatsapp'] } }, NO_AUTOFILL);
    const form = layout.blocks[0];
    expect(form && 'tabs' in form ? form.tabs.map((t) => t.label) : null).toEqual(['tabText', 'tabWhatsApp', 'tabEmail']);
  });

  it('is pure: the same input gives the same answer and is left untouched', () => {
    const config = Object.freeze({ products: Object.freeze(['oauth', 'emailMagicLinks', 'passkeys']) }) as unknown as LoginConfig;
    expect(layoutOf(config, NO_AUTOFILL)).toEqual(layoutOf(config, NO_AUTOFILL));
  });
});
