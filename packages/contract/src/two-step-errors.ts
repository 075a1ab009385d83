/**
 * Two-step verification's errors: their HTTP status and default English message, which the server
 * answers with. Apart from errors.ts, which the login mount's first load carries: these are met
 * only on the second step's screens and the account page, which show the server's words (the same).
 * Plain data.
 */
export const twoStepErrorCatalogue = {
  /** A code from the authenticator app that is not the one for now (or the 30 seconds either side). */
  invalid_totp_code: { status: 401, message: 'That code is not right. Enter the 6-digit code your authenticator app shows now.' },
  /** A right code already used in its 30 seconds: a copy replayed, or typed twice. */
  totp_code_already_used: { status: 401, message: 'This code was just used. Wait for the next code in your authenticator app and enter that one.' },
  /** A recovery code that is not one of the user's, or was used already. */
  invalid_recovery_code: { status: 401, message: 'That recovery code is not right, or it was used already. Check it and try again.' },
  /** An intermediate session that is unknown, older than 10 minutes, or already turned into a session. */
  intermediate_session_not_found: { status: 401, message: 'This sign-in has expired or was already completed. Please sign in again.' },
  /** Adding an authenticator app to a user who has one. */
  totp_already_enabled: { status: 400, message: 'Two-step verification is already on for this account.' },
  /** Turning off, or asking for recovery codes, without two-step verification on. */
  totp_not_enabled: { status: 400, message: 'Two-step verification is not on for this account.' },
  /** Entering a code to turn it on without a key shown in the last 30 minutes. */
  totp_enrolment_not_started: { status: 400, message: 'This setup has expired. Start again to get a new key for your authenticator app.' },
  /** Turning it off where the project requires it. */
  totp_required: { status: 400, message: 'This service requires two-step verification, so it cannot be turned off.' },
} as const satisfies Record<string, { status: number; message: string }>;
