/**
 * Every user-visible English text of the widgets, written once. A host overrides any of them through
 * the `strings` mount option, keyed by the English text itself; placeholders are written {name}.
 */
export const en = {
  // Main
  title: 'Sign up or log in',
  or: 'or',
  emailLabel: 'Email',
  emailPlaceholder: 'example@email.com',
  continueWithEmail: 'Continue with email',
  invalidEmailFormat: 'Email format is invalid.',
  loginWithPasskey: 'Login with a Passkey',
  passkeyNotAvailable: 'Passkey sign-in is not available yet.',
  passkeysAlone: 'Error: Cannot use Passkeys by itself, please add another product to the config.',
  emlAndEmailOtp: 'Error: Cannot use both EML and Email OTP',
  otpWithoutMethods: 'Error: Add at least one of email, sms or whatsapp to otpOptions.methods to use OTP.',
  oauthNotAvailable: 'Social sign-in is not available yet.',
  cryptoNotAvailable: 'Wallet sign-in is not available yet.',
  passwordsNotAvailable: 'Sign-in with a password is not available yet.',
  logoAlt: 'Logo',

  // Email confirmation
  checkYourEmail: 'Check your email',
  emailSentTo: 'An email was sent to {email}.',
  openIn: 'Open in {mailService}',
  opensInNewTab: '(opens in a new tab)',
  tryAgain: 'Try again',

  // Password reset
  resetYourPassword: 'Reset your password',
  passwordResetNotAvailable: 'Password reset is not available yet; it arrives with the password feature.',
  loggingIn: 'Logging in...',
  errorTitle: 'Looks like there was an error!',

  // Generic success
  success: 'Success!',
  successfullyLoggedIn: 'You have successfully logged in.',

  // Passkey registration
  passkeyNoUser: 'Error: Cannot use PasskeyRegistration component without active user authenticated.',
  setUpPasskey: 'Set up a new Passkey',
  passkeyCreationNotAvailable: 'Creating passkeys is not available yet; it arrives with the passkey feature.',

  // Identity provider
  idpMissingParam: 'Required parameter is missing: {param}. Please reach out to the application developer.',
  idpAuthorizeTitle: 'Sign in to {clientName} with {projectName}',
  idpLogoutTitle: 'Log out?',
  idpNotAvailable: 'The consent screen is not available yet; it arrives with the identity-provider feature.',
  theApp: 'The App',

  // One-time passcodes (Main tabs and forms, OTPAuthenticate, OTPConfirmation)
  tabText: 'Text',
  tabWhatsApp: 'WhatsApp',
  tabEmail: 'Email',
  signInMethods: 'Sign-in methods',
  invalidEmailOtp: 'Invalid email address.',
  phoneLabel: 'Phone number',
  invalidPhoneNumber: 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  continueWithText: 'Continue with text message',
  continueWithWhatsApp: 'Continue with WhatsApp',
  loadingPhoneInput: 'Loading the phone number field...',
  enterPasscode: 'Enter passcode',
  back: 'Back',
  passcodeSentTo: 'A 6-digit passcode was sent to you at {destination}.',
  passcodeLabel: '6-digit passcode',
  verifyingPasscode: 'Verifying passcode...',
  codeExpiresIn: 'Your code expires in {time}.',
  codeExpired: 'Your code has expired.',
  didNotGetCode: "Didn't get it?",
  resendCode: 'Resend code',
  codeSent: 'Code sent',
  emailResent: 'Email resent',
  codeResent: 'Code resent',
  passcodeVerified: 'Your passcode has been successfully verified.',

  // Shared
  loading: 'Loading...',
  poweredBy: 'Powered by',
  dismiss: 'Dismiss',

  // The error catalogue (SPEC.md section 8) lives in @vestibule/client (errorMessages); its texts
  // are overridable here too, keyed by their English text.

  // Phone input
  phoneCountryLabel: 'Country',
  phonePlaceholder: '(123) 456-7890',
} as const;

export type StringKey = keyof typeof en;
