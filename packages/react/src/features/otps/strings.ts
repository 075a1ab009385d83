/** One-time passcodes: Main's Text and WhatsApp tabs, the passcode forms, OTPAuthenticate, OTPConfirmation. Picked up by src/strings/en.ts; override any of them by its English text. */
export const strings = {
  tabText: 'Text',
  tabWhatsApp: 'WhatsApp',
  /** Shown on Main instead of the forms: an email passcode and magic links cannot share the Email tab. */
  emlAndEmailOtp: 'Error: Cannot use both EML and Email OTP',
  invalidEmailOtp: 'Invalid email address.',
  phoneLabel: 'Phone number',
  phonePlaceholder: '(123) 456-7890',
  phoneCountryLabel: 'Country',
  invalidPhoneNumber: 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  continueWithText: 'Continue with text message',
  continueWithWhatsApp: 'Continue with WhatsApp',
  loadingPhoneInput: 'Loading the phone number field...',
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

type Table = typeof strings;
declare module '../../strings/en' {
  interface StringTable extends Table {}
}
