/** Passkeys' first-screen texts: Main's button and its configuration error; the rest are in later-strings.ts. Picked up by src/strings/en.ts; override any of them by its English text. */
export const strings = {
  loginWithPasskey: 'Login with a Passkey',
  /** Shown on Main instead of the forms: passkeys need another way in beside them. */
  passkeysAlone: 'Error: Cannot use Passkeys by itself, please add another product to the config.',
} as const;

type Table = typeof strings;
declare module '../../strings/en' {
  interface StringTable extends Table {}
}
