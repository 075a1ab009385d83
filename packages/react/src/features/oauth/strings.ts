import type { OAuthProviderType } from '@vestibule/contract/oauth-providers';

/** Social sign-in: Main's buttons and the landing on the reset page. Picked up by src/strings/en.ts; override any of them by its English text. */
export const strings = {
  /** {provider}: the name in providers.ts. */
  continueWithProvider: 'Continue with {provider}',
  oauthLoggingIn: 'Logging in...',
  /** Above the buttons when the landing failed and the configuration names providers. */
  oauthSignInAgain: 'Sign in again:',
  /** Google one-tap's setup errors: shown to developers only, for a test-style public token. */
  oneTapOriginNotAllowed: "One-tap: this page's origin is not an authorized JavaScript origin of the Google client.",
  oneTapInvalidClient: 'One-tap: Google does not recognise the client id.',
  oneTapNoOAuthConfig: 'One-tap: the server has no Google OAuth configuration (set VESTIBULE_OAUTH_GOOGLE_CLIENT_ID).',
  oneTapNoLoginRedirectUrls: "One-tap: the login redirect URL is not on the project's allowlist.",
  oneTapNoSignupRedirectUrls: "One-tap: the signup redirect URL is not on the project's allowlist.",
  oneTapDefaultProviderNotAllowed: 'One-tap: only a Google entry may set one_tap.',
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
