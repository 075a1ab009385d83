import type { SignInResponse, WebAuthnRegisterResponse, WebAuthnUpdateResponse } from '@vestibule/contract';
import type { HttpClient } from './http.js';
import type { SessionManager } from './session-manager.js';
import type { SignIn } from './sign-in.js';
import type { VestibuleClient } from './types.js';

/**
 * @simplewebauthn/browser runs the browser's side of each ceremony (JSON options in, JSON
 * credential out). It is loaded on the first passkey call, not with the client: most pages never
 * touch a passkey, and the widgets' size budgets count every byte loaded up front.
 */
const passkeyCeremonies = () => import('@simplewebauthn/browser');

/**
 * Passkeys: each ceremony is the server's options (a single-use challenge), the browser's dialog
 * or autofill, then the server's check. Registration needs a session; a sign-in stores the session
 * as every other method does.
 */
export function createPasskeys(http: HttpClient, signIn: SignIn, sessions: SessionManager, refreshUser: () => Promise<unknown>): VestibuleClient['webauthn'] {
  return {
    async browserSupportsAutofill() {
      const { browserSupportsWebAuthnAutofill } = await passkeyCeremonies();
      return browserSupportsWebAuthnAutofill();
    },

    async register({ is_passkey = true, session_duration_minutes } = {}): Promise<WebAuthnRegisterResponse> {
      sessions.requireSession();
      const { startRegistration } = await passkeyCeremonies();
      const start = await http.request('POST /sdk/v1/webauthn/register/start', { is_passkey });
      const credential = await startRegistration({
        optionsJSON: start.public_key_credential_creation_options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
      });
      // A sign-in like the others: the session lasts the duration asked for (30 minutes by default) and is stored.
      return signIn('POST /sdk/v1/webauthn/register', { public_key_credential: credential, session_duration_minutes });
    },

    async authenticate({ is_passkey = true, email, session_duration_minutes, conditional_mediation = false, signal } = {}): Promise<SignInResponse> {
      const { startAuthentication, WebAuthnAbortService } = await passkeyCeremonies();
      signal?.throwIfAborted();
      const start = await http.request('POST /sdk/v1/webauthn/authenticate/start', email === undefined ? { is_passkey } : { is_passkey, email });
      signal?.throwIfAborted();
      // The library keeps one ceremony at a time and cancels it through its own service; the
      // caller's signal (the user picked another method, the screen was left) is passed on to it.
      const cancel = () => WebAuthnAbortService.cancelCeremony();
      signal?.addEventListener('abort', cancel, { once: true });
      try {
        const credential = await startAuthentication({
          optionsJSON: start.public_key_credential_request_options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
          useBrowserAutofill: conditional_mediation,
        });
        signal?.throwIfAborted();
        return await signIn('POST /sdk/v1/webauthn/authenticate', { public_key_credential: credential, session_duration_minutes });
      } finally {
        signal?.removeEventListener('abort', cancel);
      }
    },

    async update({ webauthn_registration_id, name }): Promise<WebAuthnUpdateResponse> {
      sessions.requireSession();
      const response = await http.request('POST /sdk/v1/webauthn/update', { webauthn_registration_id, name });
      await refreshUser();
      return response;
    },

    async delete(webauthn_registration_id) {
      sessions.requireSession();
      const response = await http.request('POST /sdk/v1/webauthn/delete', { webauthn_registration_id });
      await refreshUser();
      return response;
    },
  };
}
