import type { OAuthProviderType } from '@vestibule/contract/oauth-providers';

/**
 * The name each provider's button says ('Continue with {provider}'), as the provider writes it.
 * Twitter is 'X': the brand's current name, and the mark its button shows.
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
