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
  success: 'Success!',
  tryAgain: 'Try again',
  loading: 'Loading...',
  poweredBy: 'Powered by',
  dismiss: 'Dismiss',
} as const;
