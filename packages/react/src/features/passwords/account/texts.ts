/**
 * The password section's texts and its way to confirm it is you. Not in strings.ts: every
 * strings.ts goes into the shared core the login mount loads up front. Hosts override them by
 * their English text (`strings` mount option).
 */
export const texts = {
  heading: 'Password',
  hasPassword: 'You can sign in with a password.',
  noPassword: 'You sign in without a password.',
  setPassword: 'Set a password',
  changePassword: 'Change password',
  removePassword: 'Remove password',
  currentPassword: 'Current password',
  currentPasswordHint: 'Forgot it? Leave it empty: you will be asked to confirm it is you another way.',
  signOutOthers: 'Sign out of other devices',
  savePassword: 'Save password',
  cancel: 'Cancel',
  passwordSet: 'Your password is set.',
  passwordChanged: 'Your password is changed.',
  passwordChangedOthersOut: 'Your password is changed, and your other devices are signed out.',
  passwordRemoved: 'Your password is removed.',
  /** The way to confirm it is you. */
  confirmWithPassword: 'Enter your password',
  confirm: 'Confirm',
} as const;
