import type { MagicLinkLoginOrCreateRequest } from '@vestibule/contract';
import type { HttpClient } from './http.js';
import { linkBinding } from './link-binding.js';
import type { SignIn } from './sign-in.js';
import type { MagicLinkEmailOptions, VestibuleClient } from './types.js';

/** The wire body of POST /sdk/v1/magic_links/email/login_or_create; unset options are left out. */
export function magicLinkLoginOrCreateBody(email: string, options: MagicLinkEmailOptions = {}): MagicLinkLoginOrCreateRequest {
  const body: MagicLinkLoginOrCreateRequest = { email };
  if (options.loginMagicLinkUrl !== undefined) body.login_magic_link_url = options.loginMagicLinkUrl;
  if (options.signupMagicLinkUrl !== undefined) body.signup_magic_link_url = options.signupMagicLinkUrl;
  if (options.loginExpirationMinutes !== undefined) body.login_expiration_minutes = options.loginExpirationMinutes;
  if (options.signupExpirationMinutes !== undefined) body.signup_expiration_minutes = options.signupExpirationMinutes;
  if (options.createUserAsPending !== undefined) body.create_user_as_pending = options.createUserAsPending;
  if (options.locale !== undefined) body.locale = options.locale;
  return body;
}

export function createMagicLinks(http: HttpClient, signIn: SignIn, publicToken: string, store: Storage | null): VestibuleClient['magicLinks'] {
  const binding = linkBinding(publicToken, store);
  return {
    email: {
      loginOrCreate: async (email, options) =>
        http.request('POST /sdk/v1/magic_links/email/login_or_create', {
          ...magicLinkLoginOrCreateBody(email, options),
          code_challenge: await binding.challenge(),
        }),
    },
    authenticate: (token, options = {}) =>
      signIn('POST /sdk/v1/magic_links/authenticate', {
        token,
        session_duration_minutes: options.session_duration_minutes,
        ...(options.confirmed ? { confirmed: true } : { code_verifier: binding.verifier() }),
      }),
    preview: (token) => http.request('POST /sdk/v1/magic_links/preview', { token }),
  };
}
