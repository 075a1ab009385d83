/**
 * The texts of the authenticator app's display parts (the QR code, the key, the recovery codes),
 * shared by the account page and the sign-in's enrolment. Not in strings.ts: every strings.ts goes
 * into the shared core the login mount loads up front, and these show only in a lazily loaded
 * step. Hosts override them by their English text (`strings` mount option).
 */
export const texts = {
  qrLabel: 'QR code for your authenticator app',
  /** The QR code's script did not load (offline, blocked): the key below still works. */
  qrFailed: 'The QR code could not be shown. Enter the key below in your app instead.',
  cantScan: "Can't scan the code? Enter this key instead",
  copy: 'Copy',
  /** For screen readers, after 'Copy' ('Copy the key'): several buttons read 'Copy'. */
  theKey: 'the key',
  theCodes: 'the recovery codes',
  download: 'Download',
  copied: 'Copied',
  /** The browser refused the clipboard (an insecure page, a denied permission). */
  copyFailed: 'Could not copy. Select the text and copy it yourself.',
  codesLabel: 'Recovery codes',
  codesSaved: 'I have saved these codes',
} as const;
