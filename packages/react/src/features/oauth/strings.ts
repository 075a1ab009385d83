import type { OAuthProviderType } from '@vestibule/contract/oauth-providers';

/** Social sign-in's first-screen texts: Main's buttons and the providers' names; the rest are in later-strings.ts. Picked up by src/strings/en.ts; override any of them by its English text. */
export const strings = {
  /** {provider}: the name in providers.ts. */
  continueWithProvider: 'Continue with {provider}',
} as const;

type Table = typeof strings;
declare module '../../strings/en' {
  interface StringTable extends Table {}
}

/**
 * The name each provider's button says ('Continue with {provider}'), as the provider writes it
 * (not translated). Twitter is 'X': the brand's current name, and the mark its button shows. Kept
 * beside the texts because, like them, it goes into the shared core: both Main's buttons, in the
 * login mount's first load, and the account page's connected accounts read it.
 */
export const PROVIDER_NAMES: Record<OAuthProviderType, string> = {
  amazon: 'Amazon',
  apple: 'Apple',
  bitbucket: 'Bitbucket',
  coinbase: 'Coinbase',
  discord: 'Discord',
  facebook: 'Facebook',
  figma: 'Figma',
  github: 'GitHub',
  gitlab: 'GitLab',
  google: 'Google',
  linkedin: 'LinkedIn',
  microsoft: 'Microsoft',
  salesforce: 'Salesforce',
  slack: 'Slack',
  snapchat: 'Snapchat',
  tiktok: 'TikTok',
  twitch: 'Twitch',
  twitter: 'X',
  yahoo: 'Yahoo',
};
