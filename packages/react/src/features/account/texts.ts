/**
 * The texts of the account page's core sections (email addresses, signed-in devices, deleting the
 * account). Not in a strings.ts: every strings.ts goes into the shared core the login mount loads
 * up front. Hosts override them by their English text (`strings` mount option), through `say()`.
 */
export const texts = {
  emailsHeading: 'Email addresses',
  devicesHeading: 'Signed-in devices',
  deleteHeading: 'Delete account',

  verifyEmail: 'Verify email address',
  noEmails: 'No email address yet.',
  addEmail: 'Add email address',
  newEmailLabel: 'New email address',
  emailAdded: 'Email address added.',
  emailVerified: 'Email address verified.',
  emailMadePrimary: '{email} is now your primary email address.',
  emailRemoved: '{email} was removed.',

  thisDevice: 'This device',
  unknownDevice: 'Unknown browser',
  deviceOn: '{browser} on {os}',
  address: 'Address {ip}',
  signedInWith: 'Signed in with {methods}',
  signedInAt: 'Signed in {when}',
  lastActive: 'Last active {when}',
  signOut: 'Sign out',
  signOutOthers: 'Sign out of all other devices',
  deviceSignedOut: 'That device is signed out.',
  othersSignedOut: 'Every other device is signed out.',
  noOtherDevices: 'You are signed in on this device only.',

  deleteAccount: 'Delete account',
  deleteWarning: 'This deletes your account and everything in it, and signs you out everywhere. It cannot be undone.',
  deleteConfirmLabel: 'Type {contact} to confirm',
  deleteConfirmButton: 'Delete',
} as const;

/** How each sign-in method reads in 'Signed in with …' (a method without a name here reads as its type). */
export const methodNames = {
  magic_link: 'Email link',
  otp: 'Passcode',
  password: 'Password',
  webauthn: 'Passkey',
  oauth: 'Social account',
  crypto: 'Wallet',
  attested: 'Trusted sign-in',
  totp: 'Authenticator app',
  recovery_code: 'Recovery code',
} as const;
