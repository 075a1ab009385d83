/**
 * The passkeys section's texts, and its way to confirm it is you. Not in strings.ts: every
 * strings.ts goes into the shared core the login mount loads up front. Hosts override them by
 * their English text (`strings` mount option). The list's words are the registration mount's.
 */
export const texts = {
  heading: 'Passkeys',
  addPasskey: 'Add a passkey',
  added: 'Passkey added.',
  renamed: 'Passkey renamed to “{name}”.',
  deleted: 'Passkey “{name}” deleted.',
  /** The way to confirm it is you. */
  usePasskey: 'Use a passkey',
  waiting: 'Follow your browser to use your passkey.',
} as const;
