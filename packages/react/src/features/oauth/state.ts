import type { OAuthProviderType } from '@vestibule/contract/oauth-providers';

/** What the page the server sent the browser back to says (`vestibule_token_type=oauth`). */
export interface OAuthLanding {
  /** The one-time token to exchange for a session; null when the flow failed. */
  token: string | null;
  /** Why the flow failed (oauth_flow_callback_error, …); null with a token. */
  errorType: string | null;
}

/** Social sign-in's part of the flow state: Main's buttons (login mount) and the landing (reset mount). */
export interface OAuthSlice {
  /** The provider whose button was pressed: the page is leaving for it. */
  oauthStarting: OAuthProviderType | null;
  /** The reset mount was opened by the server's redirect back from a provider. */
  oauthLanding: OAuthLanding | null;
  /** Why the landing did not sign in (the catalogue's message); null while it may still. */
  oauthError: string | null;
  /** Google one-tap's prompt: null when no entry sets one_tap. */
  oneTap: OneTapState | null;
  /** Why one-tap could not be set up; only kept (and shown) for a test-style public token. */
  oneTapSetupError: OneTapSetupError | null;
}

export type OneTapState = 'pending' | 'shown' | 'cancelled';
/** The one-tap setup errors the widget can be in, besides none. */
export type OneTapSetupError =
  | 'originNotAllowed'
  | 'invalidClient'
  | 'noOAuthConfig'
  | 'noLoginRedirectUrls'
  | 'noSignupRedirectUrls'
  | 'defaultProviderNotAllowed';

export type OAuthEvent =
  | { type: 'START_OAUTH'; provider: OAuthProviderType }
  /** The landing's token: exchange it for a session. */
  | { type: 'AUTHENTICATE_OAUTH'; token: string }
  /** The one-tap container is on the page (its element id): load Google's script and prompt into it. */
  | { type: 'START_ONE_TAP'; parentId: string };

export type OAuthResult =
  /** The user came back to this page (Back from the provider) without finishing: the buttons are ready again. */
  | { type: 'OAUTH_START_ABANDONED' }
  | { type: 'OAUTH_LANDING_FAILED'; message: string }
  | { type: 'ONE_TAP_STATE'; state: OneTapState; setupError?: OneTapSetupError }
  /** The prompt's credential went to the server: the page is leaving for the landing (Google's button spins). */
  | { type: 'ONE_TAP_SUBMITTED' };

declare module '../../flow/types' {
  interface FeatureStates {
    oauth: OAuthSlice;
  }
  interface FeatureEvents {
    oauth: OAuthEvent;
  }
  interface FeatureResults {
    oauth: OAuthResult;
  }
  interface FeatureScreens {
    oauth: 'OAuthCallback';
  }
  interface SignInMethods {
    oauth: true;
  }
}

export const initialOAuthSlice: OAuthSlice = { oauthStarting: null, oauthLanding: null, oauthError: null, oneTap: null, oneTapSetupError: null };
