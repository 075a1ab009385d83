import type { RouteResponse, SdkRoute, User } from '@vestibule/contract';
import type { HttpClient, RouteArgs } from './http.js';
import type { SessionManager } from './session-manager.js';
import type { VestibuleClient } from './types.js';

/** The errors that say this device's session is over; every other refusal leaves it signed in. */
const SESSION_ENDED = new Set(['session_not_found', 'user_unauthenticated']);

/** An answer that carries the User as it now is (`UserResponse`): the User without the call's own fields. */
function userOf(response: User & { status_code: number; request_id: string }): User {
  const { status_code: _status, request_id: _request, ...user } = response;
  return user;
}

/**
 * The account page's calls: a signed-in person manages their own ways in, devices and account
 * (contract: account.ts). Each needs the session. An answer that carries the User replaces the
 * cached one, so every widget and listener on the page sees the change at once; a deleted account
 * leaves no session behind. session_not_found or user_unauthenticated means this device's session
 * has ended (signed out from another device, expired): the local session is cleared too, so the
 * page shows it signed out. Other 401s (a mistyped passcode, a wallet's bad signature) keep it.
 *
 * `walletVerifier`: the PKCE verifier of the wallet's last sign-in message, which
 * cryptoWallets.authenticateStart keeps, and which linking the wallet sends with its signature.
 */
export function createAccount(http: HttpClient, sessions: SessionManager, walletVerifier: (address: string) => string | undefined): VestibuleClient['account'] {
  async function call<R extends SdkRoute>(route: R, ...args: RouteArgs<R>): Promise<RouteResponse<R>> {
    sessions.requireSession();
    try {
      return await http.request(route, ...args);
    } catch (error) {
      if (SESSION_ENDED.has((error as { error_type?: string }).error_type ?? '')) sessions.destroy();
      throw error;
    }
  }

  /** A change whose answer is the User: the cached user becomes it. */
  async function change<R extends SdkRoute>(route: R, ...args: RouteArgs<R>): Promise<RouteResponse<R>> {
    const response = await call(route, ...args);
    sessions.updateUser(userOf(response as User & { status_code: number; request_id: string }));
    return response;
  }

  return {
    emailStart: (request) => call('POST /sdk/v1/account/emails/start', request),
    emailAdd: (request) => change('POST /sdk/v1/account/emails/add', request),
    emailPrimary: (request) => change('POST /sdk/v1/account/emails/primary', request),
    emailRemove: (request) => change('POST /sdk/v1/account/emails/remove', request),
    phoneStart: (request) => call('POST /sdk/v1/account/phone_numbers/start', request),
    phoneAdd: (request) => change('POST /sdk/v1/account/phone_numbers/add', request),
    phonePrimary: (request) => change('POST /sdk/v1/account/phone_numbers/primary', request),
    phoneRemove: (request) => change('POST /sdk/v1/account/phone_numbers/remove', request),
    passwordSet: (request) => change('POST /sdk/v1/account/password', request),
    passwordRemove: () => change('POST /sdk/v1/account/password/remove', {}),
    oauthLinkStart: (request) => call('POST /sdk/v1/account/oauth/start', request),
    oauthDisconnect: (request) => change('POST /sdk/v1/account/oauth/disconnect', request),
    // Without a start on this client there is no verifier: the server answers bad_request naming code_verifier.
    walletLink: (request) => change('POST /sdk/v1/account/crypto_wallets/link', { ...request, code_verifier: walletVerifier(request.crypto_wallet_address)! }),
    walletRemove: (request) => change('POST /sdk/v1/account/crypto_wallets/remove', request),
    sessions: () => call('GET /sdk/v1/account/sessions'),
    sessionRevoke: (request) => call('POST /sdk/v1/account/sessions/revoke', request),
    sessionRevokeOthers: () => call('POST /sdk/v1/account/sessions/revoke_others', {}),
    updateUntrustedMetadata: (request) => change('POST /sdk/v1/account/untrusted_metadata', request),
    totpCreate: () => call('POST /sdk/v1/account/two_step/totp/create', {}),
    totpEnrol: (request) => change('POST /sdk/v1/account/two_step/totp/enrol', request),
    totpDelete: () => change('POST /sdk/v1/account/two_step/delete', {}),
    async recoveryCodes() {
      const response = await call('POST /sdk/v1/account/two_step/recovery_codes', {});
      // The user's count of unused codes is now ten: read it afresh rather than guess the User.
      const user = sessions.getState()?.user;
      if (user?.totp) sessions.updateUser({ ...user, totp: { ...user.totp, recovery_codes_remaining: response.recovery_codes.length } });
      return response;
    },
    async delete(request) {
      const response = await call('POST /sdk/v1/account/delete', request);
      // The user and every session of theirs are gone: nothing is signed in here any more.
      sessions.destroy();
      return response;
    },
  };
}
