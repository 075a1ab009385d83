/**
 * The `type` of each social sign-in provider (19 providers with labelled buttons), as plain data:
 * the provider entries of oauthOptions.providers name one of these, and
 * the OAuth start route takes them. Browser code imports this entry at run time:
 * `@vestibule/contract/oauth-providers`.
 */
export const OAUTH_PROVIDER_TYPES = [
  'amazon',
  'apple',
  'bitbucket',
  'coinbase',
  'discord',
  'facebook',
  'figma',
  'github',
  'gitlab',
  'google',
  'linkedin',
  'microsoft',
  'salesforce',
  'slack',
  'snapchat',
  'tiktok',
  'twitch',
  'twitter',
  'yahoo',
] as const;

export type OAuthProviderType = (typeof OAUTH_PROVIDER_TYPES)[number];
