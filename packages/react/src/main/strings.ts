/** Main's own texts: the title, the tabs, the dividers and the configuration errors. Picked up by src/strings/en.ts; override any of them by its English text. */
export const strings = {
  title: 'Sign up or log in',
  or: 'or',
  signInMethods: 'Sign-in methods',
  tabText: 'Text',
  tabWhatsApp: 'WhatsApp',
  tabEmail: 'Email',
  passkeysAlone: 'Error: Cannot use Passkeys by itself, please add another product to the config.',
  emlAndEmailOtp: 'Error: Cannot use both EML and Email OTP',
} as const;

type Table = typeof strings;
declare module '../strings/en' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface StringTable extends Table {}
}
