/** Email magic links: the EmailConfirmation screen. Picked up by src/strings/en.ts; override any of them by its English text. */
export const strings = {
  checkYourEmail: 'Check your email',
  emailSentTo: 'An email was sent to {email}.',
  openIn: 'Open in {mailService}',
  tryAgain: 'Try again',
} as const;

type Table = typeof strings;
declare module '../../strings/en' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface StringTable extends Table {}
}
