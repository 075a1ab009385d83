/** Passkeys: Main's passkey button and the PasskeyRegistrationStart placeholder. Picked up by src/strings/en.ts; override any of them by its English text. */
export const strings = {
  loginWithPasskey: 'Login with a Passkey',
  passkeyNotAvailable: 'Passkey sign-in is not available yet.',
  passkeyNoUser: 'Error: Cannot use PasskeyRegistration component without active user authenticated.',
  setUpPasskey: 'Set up a new Passkey',
  passkeyCreationNotAvailable: 'Creating passkeys is not available yet; it arrives with the passkey feature.',
} as const;

type Table = typeof strings;
declare module '../../strings/en' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface StringTable extends Table {}
}
