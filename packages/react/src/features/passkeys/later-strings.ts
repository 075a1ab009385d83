/**
 * The texts of passkeys that no first screen shows: loaded after the first paint (src/later/), and
 * awaited by every screen, section and effect that loads lazily. Override any of them by its
 * English text, as every text.
 */
export const laterStrings = {
  passkeyNotFound: 'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  passkeyUnknownError: 'Unknown error occurred during passkey authentication. Please try again.',
  passkeyNoUser: 'Error: Cannot use PasskeyRegistration component without active user authenticated.',
  setUpPasskey: 'Set up a new Passkey',
  createPasskey: 'Create a Passkey',
  skipPasskey: 'Skip',
  passkeyDuplicate:
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  passkeyNotCreated: 'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.',
  passkeyCreated: 'Passkey successfully created!',
  /** The title after Skip: no passkey was created, so the screen does not say one was. */
  yourPasskeys: 'Your Passkeys',
  existingPasskeys: 'Existing Passkeys',
  noPasskeys: 'You have no passkeys yet.',
  renamePasskey: 'Rename',
  passkeyName: 'Passkey name',
  savePasskeyName: 'Save',
  cancelPasskeyChange: 'Cancel',
  deletePasskey: 'Delete',
  deletePasskeyWarning: 'Once deleted, the passkey cannot be restored.',
  setUpAnotherPasskey: 'Set up another Passkey',
  passkeysDone: 'Done',
  passkeyAuthenticated: 'Your Passkey has been successfully authenticated.',
  /** Identifier-first: the typed address's passkey, on the screen after the email. */
  usePasskey: 'Use your passkey',
} as const;

type Table = typeof laterStrings;
declare module '../../strings/en' {
  interface StringTable extends Table {}
}
