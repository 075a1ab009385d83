/**
 * The sign-in's second step's texts. Not in strings.ts: every strings.ts goes into the shared core
 * the login mount loads up front, and these show only once a sign-in asks for the step (lazy.ts).
 * Hosts override them by their English text (`strings` mount option); {count} is a number.
 */
export const texts = {
  heading: 'Two-step verification',
  appCode: 'Enter the code from your authenticator app',
  checking: 'Checking the code...',
  useRecoveryCode: 'Use a recovery code instead',
  recoveryIntro: 'Enter one of the recovery codes you saved when you turned on two-step verification. Each code works once.',
  recoveryCode: 'Recovery code',
  useApp: 'Use a code from your authenticator app instead',
  startAgain: 'Start again',
  codesLeft: 'You have {count} recovery codes left.',
  fewCodesLeft: 'You have {count} recovery codes left. Get new ones on your account page soon.',
  oneCodeLeft: 'You have 1 recovery code left. Get new ones on your account page soon.',
  noCodesLeft: 'You have used your last recovery code. Get new ones on your account page.',
  enrolHeading: 'Set up two-step verification',
  enrolIntro:
    'This service asks for a code from an authenticator app each time you sign in. Scan the QR code with your app (such as Google Authenticator, Microsoft Authenticator or 1Password), then enter the code it shows.',
  enrolCode: 'Enter the 6-digit code',
  codesHeading: 'Save your recovery codes',
  codesIntro:
    'If you cannot use your authenticator app, each of these codes signs you in once instead. Keep them somewhere safe: they are shown only this once.',
} as const;
