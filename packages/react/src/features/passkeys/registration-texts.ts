/**
 * Texts only the passkey-registration mount shows. Not in strings.ts: every strings.ts goes into
 * the shared core that the login mount loads up front. Hosts override them all the same, by their
 * English text (`strings` mount option), through `free()`; {name} is the passkey's name.
 */
export const PASSKEY_RENAMED = 'Passkey renamed to “{name}”.';
export const PASSKEY_DELETED = 'Passkey “{name}” deleted.';
