/** Email magic links: the EmailConfirmation screen and the reset page's MagicLinkDead. Picked up by src/strings/en.ts; override any of them by its English text. */
export const strings = {
  checkYourEmail: 'Check your email',
  emailSentTo: 'An email was sent to {email}.',
  openIn: 'Open in {mailService}',
  loginLinkDeadTitle: 'This login link no longer works',
  loginLinkDeadText: 'Login links work once and expire after a while. Enter your email and we will send you a new one.',
  newLoginLinkSent: 'A new login link was sent to {email}.',
} as const;

type Table = typeof strings;
declare module '../../strings/en' {
  interface StringTable extends Table {}
}
