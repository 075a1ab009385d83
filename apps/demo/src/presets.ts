import type { LoginConfig } from '@vestibule/react';

/** Example configurations the login page links to, so each sign-in method is one click away. */
export const PRESETS: { label: string; config: LoginConfig }[] = [
  { label: 'Email magic links', config: { products: ['emailMagicLinks'] } },
  { label: 'Email passcodes', config: { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 5 } } },
  { label: 'Text and WhatsApp passcodes', config: { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp'], expirationMinutes: 5 } } },
  { label: 'Passwords', config: { products: ['passwords', 'emailMagicLinks'] } },
  {
    label: 'Social sign-in',
    config: {
      products: ['oauth', 'emailMagicLinks'],
      oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }, { type: 'microsoft' }, { type: 'apple' }] },
    },
  },
  { label: 'Wallets', config: { products: ['crypto', 'emailMagicLinks'] } },
  {
    label: 'Magic links, text and WhatsApp',
    config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms', 'whatsapp'], expirationMinutes: 5 } },
  },
];

export function presetHref(config: LoginConfig): string {
  return `/?config=${encodeURIComponent(JSON.stringify(config))}`;
}
