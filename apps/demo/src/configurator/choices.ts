import type { OAuthProviderType } from '@vestibule/contract/oauth-providers';
import type { ColorScheme, LoginConfig, OtpMethod, Product, Styles } from '@vestibule/react';

/** What the configurator's form holds. */
export interface Choices {
  products: Product[];
  otpMethods: OtpMethod[];
  providers: OAuthProviderType[];
  oauthPosition: 'above' | 'below';
  /** '' for the theme's own. */
  primary: string;
  radius: string;
  colorScheme: ColorScheme;
  /** '' for the visitor's browser. */
  locale: string;
}

export const PRODUCT_LABELS: Record<Product, string> = {
  emailMagicLinks: 'Email magic links',
  otp: 'One-time passcodes',
  passwords: 'Passwords',
  passkeys: 'Passkeys',
  oauth: 'Social sign-in',
  crypto: 'Wallets',
};

export const OTP_LABELS: Record<OtpMethod, string> = { email: 'Email', sms: 'Text message', whatsapp: 'WhatsApp' };

export const LOCALE_LABELS: Record<string, string> = {
  '': "The visitor's browser",
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ja: '日本語',
  'pt-BR': 'Português (Brasil)',
  ar: 'العربية',
};

export const INITIAL_CHOICES: Choices = {
  products: ['emailMagicLinks', 'oauth'],
  otpMethods: ['sms'],
  providers: ['google', 'github'],
  oauthPosition: 'above',
  primary: '',
  radius: '',
  colorScheme: 'light',
  locale: '',
};

/** What the widget is given for the choices: the mount options a page of your own would write. */
export interface WidgetOptions {
  config: LoginConfig;
  styles?: Styles;
  locale?: string;
}

export function widgetOptions(choices: Choices): WidgetOptions {
  const { products } = choices;
  const config: LoginConfig = { products };
  if (products.includes('otp')) config.otpOptions = { methods: choices.otpMethods };
  if (products.includes('oauth')) {
    config.oauthOptions = { providers: choices.providers.map((type) => ({ type })) };
    if (choices.oauthPosition === 'below') config.oauthOptions.position = 'below';
  }
  const styles: Styles = {};
  if (choices.primary) styles.colors = { primary: choices.primary };
  if (choices.radius) {
    styles.container = { borderRadius: choices.radius };
    styles.buttons = { primary: { borderRadius: choices.radius }, secondary: { borderRadius: choices.radius } };
    styles.inputs = { borderRadius: choices.radius };
  }
  if (choices.colorScheme !== 'light') styles.colorScheme = choices.colorScheme;
  return {
    config,
    ...(Object.keys(styles).length > 0 ? { styles } : {}),
    ...(choices.locale ? { locale: choices.locale } : {}),
  };
}
