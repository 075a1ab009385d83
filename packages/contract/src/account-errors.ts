/**
 * The account page's errors: their HTTP status and default English message, which the server
 * answers with. Apart from errors.ts, which browser code imports at run time: the login mount
 * never meets them, and the account page shows the server's words for them (the same). Plain data.
 */
export const accountErrorCatalogue = {
  /** A change that needs a recent sign-in (adding or removing a way in, a new password, signing devices out, deleting the account). */
  reauthentication_required: { status: 403, message: 'For your security, please confirm it is you before making this change.' },
  /** Removing what would leave the user no way to sign in. */
  last_way_in: {
    status: 400,
    message:
      'This is your only way to sign in. Add another way first (an email address, a phone number, a passkey, a connected account or a wallet), then remove this one.',
  },
  email_already_taken: { status: 400, message: 'This email address belongs to another account. Please use a different address.' },
  email_already_added: { status: 400, message: 'This email address is already on your account.' },
  /**
   * Making an unverified address primary; and, while a password set before any email was proven sits
   * beside an unverified address (a possible pre-hijacking), adding a way in or removing the password.
   */
  unverified_email: { status: 400, message: 'Verify your email address first.' },
  phone_number_already_taken: { status: 400, message: 'This phone number belongs to another account. Please use a different number.' },
  phone_number_already_added: { status: 400, message: 'This phone number is already on your account.' },
  phone_number_not_found: { status: 404, message: 'Phone number not found. It may have been removed already.' },
  unverified_phone_number: { status: 400, message: 'Verify this phone number before making it primary.' },
  /** Changing a password with a current one that is not right (counted like password sign-ins). */
  invalid_current_password: { status: 400, message: 'Your current password is not correct. Please try again.' },
  oauth_account_not_found: { status: 404, message: 'This connected account was not found. It may have been disconnected already.' },
  oauth_account_already_linked: {
    status: 400,
    message: 'This account is already connected to another user. Sign in with it there, or connect a different account.',
  },
  crypto_wallet_not_found: { status: 404, message: 'This wallet was not found. It may have been removed already.' },
  crypto_wallet_already_linked: { status: 400, message: 'This wallet belongs to another account. Please connect a different wallet.' },
  device_not_found: { status: 404, message: 'This device is already signed out.' },
  account_deletion_not_confirmed: { status: 400, message: 'Type your email address (or phone number) exactly as shown to confirm.' },
} as const satisfies Record<string, { status: number; message: string }>;
