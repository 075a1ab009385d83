import type { RouteRequest, RouteResponse, SdkRoute, SignInResponse } from '@vestibule/contract';
import type { HttpClient } from './http.js';
import type { SessionManager } from './session-manager.js';

/** Session length when the caller names none. */
export const DEFAULT_SESSION_DURATION_MINUTES = 30;

/** An attested session's length when the caller names none. */
export const ATTESTED_SESSION_DURATION_MINUTES = 60;

/** The routes that sign a user in: they take a session duration and answer with a session, or an intermediate session when a second step is due. */
export type SignInRoute = {
  [R in SdkRoute]: RouteResponse<R> extends SignInResponse ? (RouteRequest<R> extends { session_duration_minutes?: number } ? R : never) : never;
}[SdkRoute];

/** Answers with the route's own response (a SessionResponse, sometimes with more: OAuth names the provider's user). */
export type SignIn = <R extends SignInRoute>(route: R, body: RouteRequest<R>) => Promise<RouteResponse<R>>;

/**
 * One path for every sign-in call (magic link, passcode, password, reset, the second step): the
 * session lasts 30 minutes unless the caller names a duration, and a successful answer becomes the
 * stored session, or, when a second step is due, the stored intermediate session (the spec's
 * cookie rules: its cookie written, the session cookies removed).
 */
export function createSignIn(http: HttpClient, sessions: SessionManager): SignIn {
  // The generic route cannot be narrowed to its body type inside; every SignInRoute takes an
  // object body and answers a SignInResponse, which the type above guarantees.
  const post = http.request as (route: SignInRoute, body: object) => Promise<SignInResponse>;
  return async (route, body) => {
    const response = await post(route, {
      ...body,
      session_duration_minutes: body.session_duration_minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
    });
    sessions.applySignInResponse(response);
    return response as RouteResponse<typeof route>;
  };
}
