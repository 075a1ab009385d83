import type { IdpAuthorizeStartResponse } from '@vestibule/contract';
import { messageForError, toErrorInfo } from '../../flow/errors';
import type { AuthTokenParams, IdpServerPreflight } from '../../types';
import { carriesError, clientNameFallback, type AuthorizeParams, type IdpRequest } from './params';
import { initialIdpSlice, type IdpConsent, type IdpSlice } from './state';
import { say, texts } from './texts';

/** Errors that mean nobody is signed in: the 'no active session' screen, not the error screen. */
const NO_SESSION = new Set(['user_unauthenticated', 'session_not_found', 'invalid_session_token']);

export function isNoSession(err: unknown): boolean {
  return NO_SESSION.has(toErrorInfo(err).error_type ?? '');
}

/**
 * What an authorize preflight's answer leads to, decided in one place for the browser's effect and
 * for the first screen of a page the host's server drew (it made the preflight there):
 * - back: an error that goes back to the relying party (prompt=none without a session:
 *   login_required, or consent_required; invalid_scope, …), straight there;
 * - signInAgain: the relying party asks for a new sign-in (prompt=login, max_age);
 * - submit: no consent is needed, the request is submitted at once;
 * - consent: the consent screen.
 */
export type AuthorizeNext =
  | { kind: 'back'; url: string }
  | { kind: 'signInAgain'; clientName: string; message: string }
  | { kind: 'submit' }
  | { kind: 'consent'; consent: IdpConsent };

export function afterAuthorizePreflight(preflight: IdpAuthorizeStartResponse, params: AuthorizeParams, free: (text: string) => string): AuthorizeNext {
  if (preflight.redirect_uri && (preflight.error || carriesError(preflight.redirect_uri))) return { kind: 'back', url: preflight.redirect_uri };
  const clientName = preflight.client.client_name || clientNameFallback(preflight.redirect_uri || params.redirect_uri) || say(free, texts.theApp);
  if (preflight.reauthentication_required) return { kind: 'signInAgain', clientName, message: say(free, texts.signInAgain, { clientName }) };
  if (!preflight.consent_required) return { kind: 'submit' };
  return {
    kind: 'consent',
    consent: {
      clientName,
      grantable: preflight.scope_results.filter((s) => s.is_grantable),
      ungrantable: preflight.scope_results.filter((s) => !s.is_grantable),
    },
  };
}

/**
 * The first state of a page the host's server drew: the request in the query it received, and the
 * screen its preflight leads to (serverDrawnPhase), carried on from (enterIdp) when `carryOn`: the
 * server read this browser's session. The session guard (authTokenParams) replaces the session
 * first, so it sets the server's preflight aside.
 */
export function serverDrawnSlice(
  search: string,
  authTokenParams: AuthTokenParams | null,
  preflight: IdpServerPreflight | undefined,
  free: (text: string) => string,
  carryOn: boolean,
): IdpSlice {
  const slice = initialIdpSlice(search, authTokenParams);
  if (authTokenParams || !preflight) return slice;
  return { idp: { ...slice.idp, serverPreflight: carryOn ? preflight : null, ...serverDrawnPhase(slice.idp.request, preflight, free) } };
}

/**
 * The screen a page drawn by the host's server starts on, from the preflight the server made for
 * the request: what the browser's effect would show once it had made it (it carries on from there,
 * enterIdp). A screen that leaves the page (a redirect, a submit, a logout without asking) starts
 * on the spinner.
 */
function serverDrawnPhase(request: IdpRequest, preflight: IdpServerPreflight, free: (text: string) => string): Partial<IdpSlice['idp']> {
  if (!('params' in request)) return {};
  if ('error' in preflight) {
    return isNoSession(preflight.error) ? { phase: 'noSession' } : { phase: 'error', message: messageForError(preflight.error, free) };
  }
  if ('logout' in preflight) {
    if (request.flow !== 'Logout' || !preflight.logout.consent_required) return {};
    return { phase: 'logoutConfirm', logoutRedirect: preflight.logout.redirect_uri || request.params.post_logout_redirect_uri };
  }
  if (request.flow !== 'Authorize') return {};
  const next = afterAuthorizePreflight(preflight.authorize, request.params, free);
  if (next.kind === 'signInAgain') return { phase: 'signInAgain', message: next.message };
  if (next.kind === 'consent') return { phase: 'consent', consent: next.consent };
  return {};
}
