import type { IdpAuthorizeStartResponse, IdpLogoutStartResponse, Session } from '@vestibule/contract';
import type { EffectContext, EffectMap } from '../../flow/feature';
import { messageForError, toErrorInfo } from '../../flow/errors';
import type { AuthTokenParams, IdpServerPreflight } from '../../types';
import { attestOf } from './api';
import { signedInOnThisPage, type AuthorizeParams, type IdpRequest, type LogoutParams } from './params';
import { afterAuthorizePreflight, isNoSession, type AuthorizeNext } from './preflight';

/** Attested sessions last 60 minutes. */
const ATTESTED_SESSION_MINUTES = 60;

/** The page leaves for the relying party (with a code, or an OAuth error such as access_denied). */
function redirect(ctx: EffectContext, url: string): void {
  ctx.dispatch({ type: 'IDP_PHASE', phase: 'loading' });
  window.location.assign(url);
}

/** Any failure: the catalogue's (or the server's) message on the error screen, and onError. */
function failed(ctx: EffectContext, err: unknown): void {
  ctx.dispatch({ type: 'IDP_FAILED', message: messageForError(err, ctx.free) });
  ctx.reportError(toErrorInfo(err));
}

/** When a session's user last signed in: its newest factor (0 without any). */
function signedInAt(session: Session | null): number {
  return Math.max(0, ...(session?.authentication_factors ?? []).map((factor) => Date.parse(factor.last_authenticated_at)).filter(Number.isFinite));
}

/**
 * The host is told a sign-in is needed; once one happens on the page (a session that `isNew`
 * accepts), the same request runs again, as signed in on this page since now.
 */
function awaitSignIn(ctx: EffectContext, isNew: (session: Session) => boolean): void {
  const asked = Date.now();
  ctx.emit('OAUTH_AUTHORIZE_FLOW_SIGN_IN_REQUIRED', null);
  if (ctx.signal.aborted) return;
  const stop = ctx.client.session.onChange((session) => {
    if (!session || !isNew(session)) return;
    stop();
    ctx.send({ type: 'IDP_START', signedInSince: asked });
  });
  ctx.signal.addEventListener('abort', () => stop(), { once: true });
}

/** Nobody is signed in: reported, and the 'no active session' screen until a session appears. */
function noSession(ctx: EffectContext, err: unknown): void {
  ctx.reportError(toErrorInfo(err));
  ctx.dispatch({ type: 'IDP_PHASE', phase: 'noSession' });
  awaitSignIn(ctx, () => true);
}

/**
 * The relying party asks for a new sign-in (prompt=login, or the last one is older than max_age):
 * '{clientName} asks you to sign in again…' until the session shows a sign-in newer than now's
 * (the same user's session gains the factor; another user's is a new session).
 */
function signInAgain(ctx: EffectContext, message: string): void {
  ctx.dispatch({ type: 'IDP_SIGN_IN_AGAIN', message });
  const { session } = ctx.client;
  // Its cookies there but not read yet (a page a server drew): the first session read is the one
  // there was, not a new sign-in.
  let before = session.getSync() || !session.getTokens() ? signedInAt(session.getSync()) : null;
  awaitSignIn(ctx, (now) => {
    if (before !== null) return signedInAt(now) > before;
    before = signedInAt(now);
    return false;
  });
}

/**
 * The session guard: with a trusted auth token, any existing session is revoked
 * (forced clear; a failure there is ignored) and a 60-minute session is attested from the token.
 */
async function sessionGuard(ctx: EffectContext, params: AuthTokenParams): Promise<void> {
  const { session } = ctx.client;
  if (session.getSync() || session.getTokens()) await session.revoke({ forceClear: true }).catch(() => undefined);
  const attest = attestOf(ctx.client);
  if (!attest) throw new Error('Vestibule: authTokenParams needs a client with session.attest.');
  await attest({ profile_id: params.tokenProfileID, token: params.trustedAuthToken, session_duration_minutes: ATTESTED_SESSION_MINUTES });
}

/** A submit refused: signed out meanwhile (another tab, an expired session), the 'no active session' screen; else the error. */
function submitFailed(ctx: EffectContext, err: unknown): void {
  (isNoSession(err) ? noSession : failed)(ctx, err);
}

/** Submit (automatic, or Allow/Deny): redirect, else denied (consent-denied) or success (flow-complete). */
async function submit(ctx: EffectContext, params: AuthorizeParams, granted: boolean, consentRequired: boolean): Promise<void> {
  const response = await ctx.client.idp.authorizeSubmit({ ...params, consent_granted: granted });
  if (ctx.signal.aborted) return;
  if (response.redirect_uri) return redirect(ctx, response.redirect_uri);
  if (consentRequired && !granted) {
    ctx.dispatch({ type: 'IDP_PHASE', phase: 'denied' });
    ctx.client.events.log('consent_denied', {});
    ctx.emit('OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED', null);
  } else {
    ctx.dispatch({ type: 'IDP_PHASE', phase: 'success' });
    ctx.client.events.log('flow_complete', {});
    ctx.emit('OAUTH_AUTHORIZE_FLOW_COMPLETE', null);
  }
}

/** Authorize: the session guard if asked for, the preflight, then the consent screen or an automatic submit. */
async function authorize(ctx: EffectContext, params: AuthorizeParams, guard: AuthTokenParams | null): Promise<void> {
  if (guard) {
    try {
      await sessionGuard(ctx, guard);
    } catch (err) {
      return noSession(ctx, err);
    }
  }
  let preflight: IdpAuthorizeStartResponse;
  try {
    preflight = await ctx.client.idp.authorizeStart(params);
  } catch (err) {
    return isNoSession(err) ? noSession(ctx, err) : failed(ctx, err);
  }
  if (!ctx.signal.aborted) carryOn(ctx, params, afterAuthorizePreflight(preflight, params, ctx.free));
}

/** After the authorize preflight: back to the relying party, 'sign in again', an automatic submit, or the consent screen. */
function carryOn(ctx: EffectContext, params: AuthorizeParams, next: AuthorizeNext): void {
  switch (next.kind) {
    case 'back':
      redirect(ctx, next.url);
      break;
    case 'signInAgain':
      signInAgain(ctx, next.message);
      break;
    case 'submit':
      submit(ctx, params, false, false).catch((err: unknown) => submitFailed(ctx, err));
      break;
    case 'consent':
      ctx.dispatch({ type: 'IDP_CONSENT_REQUIRED', consent: next.consent });
  }
}

/** Logout: the preflight; no confirmation needed: revoke and redirect; else 'Log out?'. */
async function logoutStart(ctx: EffectContext, params: LogoutParams): Promise<void> {
  let preflight: IdpLogoutStartResponse;
  try {
    preflight = await ctx.client.idp.logoutStart(params);
  } catch (err) {
    return failed(ctx, err);
  }
  if (!ctx.signal.aborted) carryOnLogout(ctx, params, preflight);
}

/** After the logout preflight: 'Log out?', or out at once. */
function carryOnLogout(ctx: EffectContext, params: LogoutParams, preflight: IdpLogoutStartResponse): void {
  const redirectUri = preflight.redirect_uri || params.post_logout_redirect_uri;
  if (preflight.consent_required) ctx.dispatch({ type: 'IDP_LOGOUT_CONFIRM', redirectUri });
  else void logOut(ctx, redirectUri);
}

/** Revoke (errors ignored: the user asked to be logged out) and go back to the relying party. */
async function logOut(ctx: EffectContext, redirectUri: string): Promise<void> {
  await ctx.client.session.revoke({ forceClear: true }).catch(() => undefined);
  ctx.emit('OAUTH_LOGOUT_FLOW_COMPLETE', null);
  if (!ctx.signal.aborted) redirect(ctx, redirectUri);
}

/** Seconds added to the time since the page asked for a sign-in: the way to the server and back. */
const SIGN_IN_MARGIN_SECONDS = 10;

/** The authorize request as sent now: prompt=login is met by a sign-in since the page asked for one. */
const authorizeParams = (params: AuthorizeParams, since: number | null) =>
  since === null ? params : signedInOnThisPage(params, Math.ceil((Date.now() - since) / 1000) + SIGN_IN_MARGIN_SECONDS);

export const idpEffects: EffectMap = {
  IDP_START({ signedInSince }, ctx) {
    const { request, authTokenParams } = ctx.stateBefore.idp;
    if (!('params' in request)) return;
    if (request.flow === 'Logout') void logoutStart(ctx, request.params);
    // The guard runs once: a later start (a session appeared) keeps that session.
    else
      void authorize(
        ctx,
        authorizeParams(request.params, signedInSince ?? ctx.stateBefore.idp.signedInSince),
        ctx.stateBefore.idp.phase === 'loading' ? authTokenParams : null,
      );
  },
  IDP_CONSENT({ granted }, ctx) {
    const { request, signedInSince } = ctx.stateBefore.idp;
    if (request.flow !== 'Authorize' || !('params' in request)) return;
    submit(ctx, authorizeParams(request.params, signedInSince), granted, true).catch((err: unknown) => submitFailed(ctx, err));
  },
  IDP_LOGOUT({ confirmed }, ctx) {
    const { request } = ctx.stateBefore.idp;
    if (!confirmed || request.flow !== 'Logout' || !('params' in request)) return;
    void logOut(ctx, ctx.stateBefore.idp.logoutRedirect || request.params.post_logout_redirect_uri);
  },
};

/**
 * Carries on from the preflight the host's server made for this page, whose screen is already
 * drawn (serverDrawnPhase): a screen that waits for the person (the consent, 'Log out?', 'sign in
 * again', an error, no session here either) goes on as if the browser had made it. What would act
 * without them (a submit, a logout without asking, a redirect back to the app) waits for the
 * browser's own preflight: the server may have seen another session than this browser's (another
 * cookie of the name, a page from a cache), and no one is logged out or answered for on its word.
 */
function carryOnFromServer(ctx: EffectContext, request: Extract<IdpRequest, { params: unknown }>, preflight: IdpServerPreflight): void {
  const again = () => ctx.send({ type: 'IDP_START' });
  if ('error' in preflight) {
    if (!isNoSession(preflight.error)) failed(ctx, preflight.error);
    // Signed in here after all: the request runs with this session.
    else if (ctx.client.session.getTokens()) again();
    else noSession(ctx, preflight.error);
  } else if ('authorize' in preflight && request.flow === 'Authorize') {
    const next = afterAuthorizePreflight(preflight.authorize, request.params, ctx.free);
    if (next.kind === 'consent' || next.kind === 'signInAgain') carryOn(ctx, request.params, next);
    else again();
  } else if ('logout' in preflight && request.flow === 'Logout' && preflight.logout.consent_required) {
    carryOnLogout(ctx, request.params, preflight.logout);
  } else again();
}

/**
 * Entering IDPConsent starts the flow, unless the query already lacks a required parameter, or
 * carries on from the preflight the host's server made.
 */
export function enterIdp(ctx: EffectContext): void {
  const { phase, request, serverPreflight } = ctx.stateBefore.idp;
  if (serverPreflight && 'params' in request) carryOnFromServer(ctx, request, serverPreflight);
  else if (phase === 'loading') ctx.send({ type: 'IDP_START' });
}
