import type { IntermediateSessionResponse, OAuthAccount, OAuthAuthenticateResponse } from '@vestibule/contract';
import type { OAuthProviderType } from '@vestibule/contract/oauth-providers';
import type { Change } from '../../../account/action';
import { sessionDuration } from '../../../flow/session';
import type { LoginConfig, OAuthProviderEntry } from '../../../types';
import { say } from '../../../texts/say';
import { PROVIDER_NAMES } from '../strings';
import { texts } from './texts';

/** The connected accounts section's calls, through its action runner. */
export function oauthChanges(free: (text: string) => string, config: LoginConfig) {
  const name = (provider: OAuthProviderType) => PROVIDER_NAMES[provider];
  return {
    /**
     * A link token, then the provider's flow, which comes back to this page (`landing`, its own
     * address: on the project's login allowlist) with a token that links the account.
     */
    connect: ({ type, custom_scopes, provider_params }: OAuthProviderEntry, landing: string): Change => ({
      call: async (client) => {
        const { link_token } = await client.account.oauthLinkStart({ provider: type });
        await client.oauth[type].start({ link_token, login_redirect_url: landing, custom_scopes, provider_params });
      },
    }),
    /** Back from the provider: the landing's token, exchanged with this user's session, links the account. */
    link: (token: string): Change<OAuthAuthenticateResponse | IntermediateSessionResponse> => ({
      call: (client) => client.oauth.authenticate(token, { session_duration_minutes: sessionDuration(config) }),
      change: 'oauth_account_connected',
      // The page's session takes the account in. An answer held for a second step instead names no
      // provider: that session had ended, and the page is signed out, with nothing to say here.
      success: (linked) => ('provider_type' in linked ? say(free, texts.connected, { provider: name(linked.provider_type) }) : ''),
    }),
    /** Back from the provider with its failure (an account already linked to another user, a refusal): said as any failure. */
    landingFailed: (errorType: string): Change => ({
      call: () => Promise.reject({ error_type: errorType }),
    }),
    disconnect: ({ provider_type, provider_subject }: OAuthAccount): Change => ({
      call: (client) => client.account.oauthDisconnect({ provider_type, provider_subject }),
      change: 'oauth_account_disconnected',
      success: say(free, texts.disconnected, { provider: name(provider_type) }),
    }),
  };
}
