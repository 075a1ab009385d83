import type { PasswordResetByEmailStartRequest } from '@vestibule/contract';
import type { HttpClient } from './http.js';
import { linkBinding } from './link-binding.js';
import type { SignIn } from './sign-in.js';
import type { PasswordResetByEmailStartOptions, VestibuleClient } from './types.js';

/** The wire body of POST /sdk/v1/passwords/email/reset/start; unset options are left out. */
export function passwordResetByEmailStartBody(options: PasswordResetByEmailStartOptions): PasswordResetByEmailStartRequest {
  const body: PasswordResetByEmailStartRequest = { email: options.email };
  if (options.resetPasswordRedirectUrl !== undefined) body.reset_password_redirect_url = options.resetPasswordRedirectUrl;
  if (options.resetPasswordExpirationMinutes !== undefined) body.reset_password_expiration_minutes = options.resetPasswordExpirationMinutes;
  if (options.loginRedirectUrl !== undefined) body.login_redirect_url = options.loginRedirectUrl;
  if (options.loginExpirationMinutes !== undefined) body.login_expiration_minutes = options.loginExpirationMinutes;
  if (options.locale !== undefined) body.locale = options.locale;
  return body;
}

export function createUsersSearch(http: HttpClient): VestibuleClient['users'] {
  return {
    async search(email) {
      const response = await http.request('POST /sdk/v1/users/search', { email });
      return { userType: response.userType };
    },
  };
}

/** Whether a reset link's token still works, and for which address (the browser's client and a host's server ask alike). */
export async function checkResetToken(http: HttpClient, token: string): Promise<{ email: string }> {
  return { email: (await http.request('POST /sdk/v1/passwords/email/reset/check', { token })).email };
}

export function createPasswords(http: HttpClient, signIn: SignIn, publicToken: string, store: Storage | null): VestibuleClient['passwords'] {
  const binding = linkBinding(publicToken, store);
  return {
    strengthCheck: ({ password, email }) => http.request('POST /sdk/v1/passwords/strength_check', email === undefined ? { password } : { password, email }),
    create: ({ email, password, session_duration_minutes }) => signIn('POST /sdk/v1/passwords', { email, password, session_duration_minutes }),
    authenticate: ({ email, password, session_duration_minutes }) =>
      signIn('POST /sdk/v1/passwords/authenticate', { email, password, session_duration_minutes }),
    // The email's login link is bound to this browser as a magic link is.
    resetByEmailStart: async (options) =>
      http.request('POST /sdk/v1/passwords/email/reset/start', { ...passwordResetByEmailStartBody(options), code_challenge: await binding.challenge() }),
    checkResetToken: (token) => checkResetToken(http, token),
    resetByEmail: ({ token, password, session_duration_minutes }) =>
      signIn('POST /sdk/v1/passwords/email/reset', { token, password, session_duration_minutes }),
  };
}
