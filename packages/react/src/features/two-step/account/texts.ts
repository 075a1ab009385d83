/**
 * The 'Two-step verification' section's texts (its heading is in up-front-texts.ts, which the page loads
 * up front; these come with the section). Not in strings.ts: every strings.ts goes into the shared
 * core the login mount loads up front. Hosts override them by their English text (`strings` mount
 * option); {date} is a date, {count} a number.
 */
export const texts = {
  off: 'Ask for a code from an authenticator app when you sign in.',
  add: 'Add authenticator app',
  scan: 'Scan this QR code with your authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), then enter the code it shows.',
  codeLabel: 'Enter the 6-digit code',
  /** Checked before sending: anything but six digits (spaces aside). */
  codeShape: 'Enter the 6 digits your authenticator app shows.',
  turnOn: 'Turn on',
  cancel: 'Cancel',
  /** The key shown is older than the server keeps it (totp_enrolment_not_started): a new one. */
  startAgain: 'Start again',
  turnedOn: 'Two-step verification is on.',
  onSince: 'On since {date}.',
  codesLeft: '{count} recovery codes left.',
  /** At or under FEW_CODES_LEFT. */
  fewCodesLeft: 'Only {count} recovery codes left. Get new ones so that you can still sign in if you lose your authenticator app.',
  oneCodeLeft: 'Only 1 recovery code left. Get new ones so that you can still sign in if you lose your authenticator app.',
  noCodesLeft: 'No recovery codes left. Get new ones so that you can still sign in if you lose your authenticator app.',
  newCodes: 'Get new recovery codes',
  codesTitle: 'Save your recovery codes',
  codesIntro: 'If you lose your authenticator app, each of these codes signs you in once instead. Keep them somewhere safe: they are shown only this once.',
  newCodesIntro:
    'Your old recovery codes no longer work. Each of these signs you in once instead of a code from your app. Keep them somewhere safe: they are shown only this once.',
  turnOff: 'Turn off',
  turnOffTitle: 'Turn off two-step verification?',
  turnOffWarning:
    'Signing in will no longer ask for a code from your authenticator app, so your account will be protected by your sign-in method alone. Your recovery codes will stop working.',
  turnOffConfirm: 'Turn off two-step verification',
  turnedOff: 'Two-step verification is off.',
} as const;
