/**
 * The account page's own texts (the page's title, what it says signed out or after a deletion,
 * the confirm step). Not in a strings.ts: every strings.ts goes into the shared core the login
 * mount loads up front. Hosts override them by their English text (`strings` mount option), through
 * `say()`.
 */
export const texts = {
  title: 'Your account',
  signedOut: 'You are not signed in. Sign in to manage your account.',
  deleted: 'Your account has been deleted.',
  /** The confirm step signed in with another account's passkey (or address): that account is signed in now. */
  otherUser: 'You confirmed with another account, {who}, which is now signed in here. Nothing was changed.',
  confirmTitle: 'Confirm it is you',
  /** The person has none of the ways the page can confirm with (only a social account or a wallet). */
  noWayToConfirm: 'To make this change, sign out and sign in again.',
  cancel: 'Cancel',
} as const;
