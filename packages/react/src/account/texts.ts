/**
 * The account page's own texts (the page's title, what it says signed out or after a deletion,
 * the confirm step, the words its sections share). Not in a strings.ts: every strings.ts goes into the shared core the login
 * mount loads up front. Hosts override them by their English text (`strings` mount option), through
 * `say()`.
 */
export const texts = {
  title: 'Your account',
  signedOut: 'You are not signed in. Sign in to manage your account.',
  deleted: 'Your account has been deleted.',
  /** Another account signed in while the page was open (the confirm step used its passkey, or another tab signed in): the page shows it now. */
  otherUser: 'You are now signed in as {who}, another account, and this page shows it. Nothing was changed.',
  confirmTitle: 'Confirm it is you',
  /** The change asked again after a sign-in the server did not count (a passkey added in this very session proves nothing). */
  notConfirmed: 'That did not confirm it is you for this change. Please choose another way.',
  /** The person has none of the ways the page can confirm with (only a social account or a wallet). */
  noWayToConfirm: 'To make this change, sign out and sign in again.',
  cancel: 'Cancel',

  // The words the sections share (their items, their steps).
  primary: 'Primary',
  verified: 'Verified',
  unverified: 'Unverified',
  makePrimary: 'Make primary',
  remove: 'Remove',
  verify: 'Verify',
  sendCode: 'Send code',
  codeResent: 'A new code was sent.',
} as const;
