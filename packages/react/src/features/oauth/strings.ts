/** Social sign-in: Main's buttons and the landing on the reset page. Picked up by src/strings/en.ts; override any of them by its English text. */
export const strings = {
  /** {provider}: the name in providers.ts. */
  continueWithProvider: 'Continue with {provider}',
  oauthLoggingIn: 'Logging in...',
  /** Above the buttons when the landing failed and the configuration names providers. */
  oauthSignInAgain: 'Sign in again:',
} as const;

type Table = typeof strings;
declare module '../../strings/en' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface StringTable extends Table {}
}
