import type { AuthTokenParams, IdpServerPreflight } from '../../types';
import { readIdpRequest, type AuthorizeParams, type IdpRequest, type ScopeResult } from './params';

/**
 * What IDPConsent shows:
 * - loading: the spinner (preflight, submit, revoke, or the page is leaving for a redirect);
 * - missingParam: a required parameter is missing from the query;
 * - error: the server's message;
 * - noSession: no active session (the preflight starts again when one appears);
 * - signInAgain: the relying party asks for a new sign-in (prompt=login, max_age; the preflight
 *   starts again after one);
 * - consent: the consent screen (Allow, Deny);
 * - denied: consent was required and refused, and no redirect came back;
 * - success: the flow completed without a redirect;
 * - logoutConfirm: 'Log out?' (Yes, No);
 * - notLoggedOut: the user answered No.
 */
export type IdpPhase = 'loading' | 'missingParam' | 'error' | 'noSession' | 'signInAgain' | 'consent' | 'denied' | 'success' | 'logoutConfirm' | 'notLoggedOut';

/** The consent the preflight asks for. */
export interface IdpConsent {
  clientName: string;
  grantable: ScopeResult[];
  ungrantable: ScopeResult[];
}

/** The identity-provider mount's part of the flow state. */
export interface IdpSlice {
  idp: {
    /** The request read from the page's query (Authorize or Logout), or the missing parameter. */
    request: IdpRequest;
    /** The session guard's token (mount option authTokenParams); used once, before the first preflight. */
    authTokenParams: AuthTokenParams | null;
    phase: IdpPhase;
    /** The error screen's message (the catalogue's or the server's), or signInAgain's. */
    message: string | null;
    /** When (browser ms) the page asked for the sign-in that has since come: prompt=login is met, by a sign-in since then. */
    signedInSince: number | null;
    consent: IdpConsent | null;
    /** Where Yes on 'Log out?' goes: the logout preflight's redirect_uri. */
    logoutRedirect: string | null;
    /** The preflight the host's server made for this page (serverState), which the first screen carries on from. */
    serverPreflight: IdpServerPreflight | null;
  };
}

export type IdpEvent =
  /** Run the flow (the preflight) from the start: on entering IDPConsent, and after a sign-in on this page asked for at `signedInSince`. */
  | { type: 'IDP_START'; signedInSince?: number }
  /** Allow (granted) or Deny on the consent screen. */
  | { type: 'IDP_CONSENT'; granted: boolean }
  /** Yes (confirmed) or No on 'Log out?'. */
  | { type: 'IDP_LOGOUT'; confirmed: boolean };

export type IdpResult =
  | { type: 'IDP_PHASE'; phase: 'loading' | 'noSession' | 'denied' | 'success' }
  | { type: 'IDP_LOGOUT_CONFIRM'; redirectUri: string }
  | { type: 'IDP_FAILED'; message: string }
  | { type: 'IDP_SIGN_IN_AGAIN'; message: string }
  | { type: 'IDP_CONSENT_REQUIRED'; consent: IdpConsent };

declare module '../../flow/types' {
  interface FeatureStates {
    identityProvider: IdpSlice;
  }
  interface FeatureEvents {
    identityProvider: IdpEvent;
  }
  interface FeatureResults {
    identityProvider: IdpResult;
  }
  interface FeatureScreens {
    identityProvider: 'IDPConsent';
  }
}

export type { AuthorizeParams };

/** The first state of the mount: the request read from the query; the spinner, or the missing parameter. */
export function initialIdpSlice(search: string, authTokenParams: AuthTokenParams | null): IdpSlice {
  const request = readIdpRequest(search);
  return {
    idp: {
      request,
      authTokenParams,
      phase: 'missing' in request ? 'missingParam' : 'loading',
      message: null,
      signedInSince: null,
      consent: null,
      logoutRedirect: null,
      serverPreflight: null,
    },
  };
}
