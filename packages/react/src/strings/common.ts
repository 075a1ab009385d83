/** Texts of the shared parts and of more than one feature. Overridable like every text (see en.ts). */
export const common = {
  logoAlt: 'Logo',
  emailLabel: 'Email',
  emailPlaceholder: 'example@email.com',
  continueWithEmail: 'Continue with email',
  /** Main's Email tab, which magic links, passwords and email passcodes share. */
  tabEmail: 'Email',
  invalidEmailFormat: 'Email format is invalid.',
  opensInNewTab: '(opens in a new tab)',
  errorTitle: 'Looks like there was an error!',
  success: 'Success!',
  successfullyLoggedIn: 'You have successfully logged in.',
  back: 'Back',
  tryAgain: 'Try again',
  emailResent: 'Email resent',
  loading: 'Loading...',
  poweredBy: 'Powered by',
  dismiss: 'Dismiss',
  emailMeNewLink: 'Email me a new link',
  /** A message the server could not send (delivery_failed: its mail server or text provider is down or refused it), said above 'Try again'. */
  notSentEmail: 'The email could not be sent.',
  notSentText: 'The text message could not be sent.',
  notSentWhatsApp: 'The WhatsApp message could not be sent.',
} as const;
