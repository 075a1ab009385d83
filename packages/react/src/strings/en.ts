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
  logoAlt: 'Logo',

  // Email confirmation
  checkYourEmail: 'Check your email',
  emailSentTo: 'An email was sent to {email}.',
  openIn: 'Open in {mailService}',
  opensInNewTab: '(opens in a new tab)',
  tryAgain: 'Try again',

  // Password reset
  resetYourPassword: 'Reset your password',
  newPasswordLabel: 'New password',
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

  // Passwords (PasswordCreateOrLogin, PasswordForgot, PasswordSetNew, PasswordDedupe, PasswordBreached)
  passwordLabel: 'Password',
  showPassword: 'Show password',
  continue: 'Continue',
  createAccountTitle: 'Create an account',
  createAccountText: 'There is no account for {email} yet. How would you like to sign in?',
  createPassword: 'Create a password',
  emailMeLoginLink: 'Email me a login link',
  emailMeCode: 'Email me a code',
  logInTitle: 'Log in',
  forgotPassword: 'Forgot Password?',
  passwordlessText: '{email} signs in without a password. Get a login link or a code by email, or create a password.',
  passwordlessTextNoEmail: '{email} signs in without a password. Create a password to use one from now on.',
  forgotPasswordTitle: 'Forgot password?',
  resetLinkSentTo: 'A link to reset your password was sent to {email}.',
  didNotGetEmail: "Didn't get it?",
  resend: 'Resend',
  loginWithoutPassword: 'Login without a password',
  setNewTitle: 'Check your email!',
  setNewText: 'A link to create your password was sent to {email}.',
  setNewPasswordTitle: 'Check your email to set a new password',
  resetRequiredNotice: 'Check your email to set a new password!',
  dedupeText: 'To keep your account secure, a new password is needed. A link to set one was sent to {email}.',
  breachedText:
    'Your password appeared in a data breach on another site, so it can no longer be used here. A link to set a new one was sent to {email}.',

  // Password strength (zxcvbn bar and feedback, LUDS checklist, breached warning)
  passwordStrengthScore: 'Password strength: {score} of 4',
  ludsMinimumCount: 'Must be at least {count} characters long',
  ludsComplexity: 'Must contain {count} of the following: uppercase letter, lowercase letter, number, symbol',
  requirementMet: '(met)',
  requirementNotMet: '(not met)',
  breachedPasswordWarning:
    'This password may have been used on a different site that experienced a security issue. Please choose another password.',
  // zxcvbn's English warnings, keyed by hint kind (common-password, repeat, sequence, keyboard-pattern, date, name, year)
  zxcvbnTopTen: 'This is a heavily used password.',
  zxcvbnTopHundred: 'This is a frequently used password.',
  zxcvbnCommon: 'This is a commonly used password.',
  zxcvbnSimilarToCommon: 'This is similar to a commonly used password.',
  zxcvbnWordByItself: 'Single words are easy to guess.',
  zxcvbnPwned: 'Your password was exposed by a data breach on the Internet.',
  zxcvbnSimpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  zxcvbnExtendedRepeat: 'Repeated character patterns like "abcabcabc" are easy to guess.',
  zxcvbnSequences: 'Common character sequences like "abc" are easy to guess.',
  zxcvbnStraightRow: 'Straight rows of keys on your keyboard are easy to guess.',
  zxcvbnKeyPattern: 'Short keyboard patterns are easy to guess.',
  zxcvbnDates: 'Dates are easy to guess.',
  zxcvbnNamesByThemselves: 'Single names or surnames are easy to guess.',
  zxcvbnCommonNames: 'Common names and surnames are easy to guess.',
  zxcvbnUserInputs: 'There should not be any personal or page related data.',
  zxcvbnRecentYears: 'Recent years are easy to guess.',
  // zxcvbn's English suggestions
  zxcvbnSuggestL33t: "Avoid predictable letter substitutions like '@' for 'a'.",
  zxcvbnSuggestReverseWords: 'Avoid reversed spellings of common words.',
  zxcvbnSuggestAllUppercase: 'Capitalize some, but not all letters.',
  zxcvbnSuggestCapitalization: 'Capitalize more than the first letter.',
  zxcvbnSuggestDates: 'Avoid dates and years that are associated with you.',
  zxcvbnSuggestRecentYears: 'Avoid recent years.',
  zxcvbnSuggestAssociatedYears: 'Avoid years that are associated with you.',
  zxcvbnSuggestSequences: 'Avoid common character sequences.',
  zxcvbnSuggestRepeated: 'Avoid repeated words and characters.',
  zxcvbnSuggestLongerKeyboardPattern: 'Use longer keyboard patterns and change typing direction multiple times.',
  zxcvbnSuggestAnotherWord: 'Add more words that are less common.',
  zxcvbnSuggestUseWords: 'Use multiple words, but avoid common phrases.',
  zxcvbnSuggestNoNeed: 'You can create strong passwords without using symbols, numbers, or uppercase letters.',
  zxcvbnSuggestPwned: 'If you use this password elsewhere, you should change it.',

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
