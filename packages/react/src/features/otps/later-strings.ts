/**
 * The texts of passcodes that no first screen shows: loaded after the first paint (src/later/), and
 * awaited by every screen, section and effect that loads lazily. Override any of them by its
 * English text, as every text.
 */
export const laterStrings = {
  phoneCountryLabel: 'Country',
  invalidPhoneNumber: 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  enterPasscode: 'Enter passcode',
  passcodeSentTo: 'A 6-digit passcode was sent to you at {destination}.',
  passcodeLabel: '6-digit passcode',
  verifyingPasscode: 'Verifying passcode...',
  codeExpiresIn: 'Your code expires in {time}.',
  codeExpired: 'Your code has expired.',
  didNotGetCode: "Didn't get it?",
  resendCode: 'Resend code',
  codeSent: 'Code sent',
  codeResent: 'Code resent',
  passcodeVerified: 'Your passcode has been successfully verified.',
} as const;

type Table = typeof laterStrings;
declare module '../../strings/en' {
  interface StringTable extends Table {}
}
