import type { IntermediateSessionResponse, SignInResponse } from '@vestibule/contract';
import type { WidgetEventType } from '../types';
import type { EffectContext } from './feature';
import type { SignInMethod } from './types';

/**
 * The sign-in is held back for a second step (two-step verification): the answer is an
 * intermediate session, no session yet. (The contract's own check is runtime code of its main
 * entry, which browser code imports as types only.)
 */
export function heldForSecondStep(response: object): response is IntermediateSessionResponse {
  return 'intermediate_session_token' in response;
}

/**
 * A sign-in answered, by `method`. A session: the host hears `event` with it, and the method's
 * success screen shows. An answer held for a second step: the host hears nothing yet (no one is
 * signed in); the feature that asks for the step keeps the method and its event, and calls this
 * again with the session once the step is done, so the method's success and events come as usual.
 */
export function signedIn(ctx: EffectContext, method: SignInMethod, event: WidgetEventType, response: SignInResponse): void {
  if (!heldForSecondStep(response)) ctx.emit(event, response);
  ctx.dispatch({ type: 'AUTHENTICATED', method, event, response });
}
