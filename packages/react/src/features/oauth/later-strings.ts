/**
 * The texts of social sign-in that no first screen shows: loaded after the first paint (src/later/), and
 * awaited by every screen, section and effect that loads lazily. Override any of them by its
 * English text, as every text.
 */
export const laterStrings = {
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

type Table = typeof laterStrings;
declare module '../../strings/en' {
  interface StringTable extends Table {}
}
