import type { OAuthStartQuery } from '@vestibule/contract';
import { errorCatalogue } from '@vestibule/contract/errors';
import { OAUTH_PROVIDER_TYPES, type OAuthProviderType } from '@vestibule/contract/oauth-providers';
import { browserStorage } from './browser-storage.js';
import { VestibuleSDKError } from './errors.js';
import type { HttpClient } from './http.js';
import { pkcePair } from './pkce.js';
import type { SignIn } from './sign-in.js';
import type { OAuthStartOptions, VestibuleClient } from './types.js';

/** Where this browser keeps the PKCE verifier of the flow it started, per public token, until the landing page spends it. */
export function oauthVerifierStorageKey(publicToken: string): string {
  return `vestibule_oauth_verifier::${publicToken}`;
}

/** The query of GET /sdk/v1/oauth/start (a navigation, so not in the client's route map); unset options are left out. */
export function oauthStartQuery(provider: OAuthProviderType, publicToken: string, codeChallenge: string, options: OAuthStartOptions = {}): URLSearchParams {
  const query: OAuthStartQuery = {
    provider,
    public_token: publicToken,
    code_challenge: codeChallenge,
    login_redirect_url: options.login_redirect_url,
    signup_redirect_url: options.signup_redirect_url,
    custom_scopes: options.custom_scopes?.length ? options.custom_scopes.join(' ') : undefined,
    provider_params: options.provider_params === undefined ? undefined : JSON.stringify(options.provider_params),
    link_token: options.link_token,
  };
  return new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * Social sign-in. The start is a top-level navigation to our server (which sends the browser on to
 * the provider), bound to this browser by PKCE: the verifier stays in local storage and only its
 * hash travels. The host page the server redirects back to exchanges the one-time token with the
 * verifier, so a token carried to another browser is worthless.
 */
export function createOAuth(http: HttpClient, baseUrl: string, publicToken: string, signIn: SignIn): VestibuleClient['oauth'] {
  const key = oauthVerifierStorageKey(publicToken);

  /** A new PKCE pair whose verifier this browser keeps for the landing; answers the challenge to send. */
  const keepVerifier = async (): Promise<string> => {
    const { verifier, challenge } = await pkcePair();
    const store = browserStorage();
    try {
      if (!store) throw new Error('no localStorage');
      store.setItem(key, verifier);
    } catch {
      // Without it the landing page could never prove this browser started the flow.
      throw new VestibuleSDKError('sdk_error', 'Social sign-in needs localStorage, which this page cannot use.');
    }
    return challenge;
  };

  const start = async (provider: OAuthProviderType, options?: OAuthStartOptions): Promise<void> => {
    const challenge = await keepVerifier();
    window.location.assign(`${baseUrl}/sdk/v1/oauth/start?${oauthStartQuery(provider, publicToken, challenge, options)}`);
  };

  const providers = Object.fromEntries(
    OAUTH_PROVIDER_TYPES.map((provider) => [provider, { start: (options?: OAuthStartOptions) => start(provider, options) }]),
  ) as Omit<VestibuleClient['oauth'], 'authenticate' | 'googleOneTap'>;

  return {
    ...providers,
    async authenticate(token, options = {}) {
      const store = browserStorage();
      const verifier = store?.getItem(key) ?? null;
      // This browser did not start the flow (or already finished it): no verifier can match.
      if (!verifier) throw new VestibuleSDKError('oauth_token_not_found', errorCatalogue.oauth_token_not_found.message);
      // Spent whatever the answer: the server takes the token back on the first try.
      store?.removeItem(key);
      return signIn('POST /sdk/v1/oauth/authenticate', { token, code_verifier: verifier, session_duration_minutes: options.session_duration_minutes });
    },
    googleOneTap: {
      start: (options = {}) =>
        http.request('POST /sdk/v1/oauth/google/onetap/start', {
          login_redirect_url: options.login_redirect_url,
          signup_redirect_url: options.signup_redirect_url,
        }),
      submit: async (idToken, options = {}) => {
        const code_challenge = await keepVerifier();
        const response = await http.request('POST /sdk/v1/oauth/google/onetap', { id_token: idToken, code_challenge, ...options });
        window.location.assign(response.redirect_url);
        return response;
      },
    },
  };
}
