/** One-time passcodes' first-screen texts: Main's Text and WhatsApp tabs and what their forms draw before their code is in; the rest are in later-strings.ts. Picked up by src/strings/en.ts; override any of them by its English text. */
export const strings = {
  tabText: 'Text',
  tabWhatsApp: 'WhatsApp',
  /** Shown on Main instead of the forms: an email passcode and magic links cannot share the Email tab. */
  emlAndEmailOtp: 'Error: Cannot use both EML and Email OTP',
  invalidEmailOtp: 'Invalid email address.',
  phoneLabel: 'Phone number',
  phonePlaceholder: '(123) 456-7890',
  continueWithText: 'Continue with text message',
  continueWithWhatsApp: 'Continue with WhatsApp',
  loadingPhoneInput: 'Loading the phone number field...',
  phoneFormNotLoaded: 'The phone number form could not load. Check your connection, then try again.',
} as const;

type Table = typeof strings;
declare module '../../strings/en' {
  interface StringTable extends Table {}
}
