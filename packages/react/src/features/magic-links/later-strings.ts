/**
 * The texts of magic links that no first screen shows: loaded after the first paint (src/later/), and
 * awaited by every screen, section and effect that loads lazily. Override any of them by its
 * English text, as every text.
 */
export const laterStrings = {
  loginLinkDeadTitle: 'This login link no longer works',
  loginLinkDeadText: 'Login links work once and expire after a while. Enter your email and we will send you a new one.',
  newLoginLinkSent: 'A new login link was sent to {email}.',
  checkYourEmail: 'Check your email',
  emailSentTo: 'An email was sent to {email}.',
  openIn: 'Open in {mailService}',
  finishSigningIn: 'Finish signing in',
  linkOpenedElsewhere: 'This link was opened in a different browser from the one that asked for it.',
  continueAs: 'Continue as {email}',
} as const;

type Table = typeof laterStrings;
declare module '../../strings/en' {
  interface StringTable extends Table {}
}
