import { startRequest } from '../../flow/feature';
import type { FlowEvent, FlowState } from '../../flow/types';

export function reduceOAuth(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'START_OAUTH':
      return { ...startRequest(state), oauthStarting: event.provider };
    case 'OAUTH_START_ABANDONED':
      return { ...state, pending: false, oauthStarting: null };
    case 'FAILED':
      return state.oauthStarting ? { ...state, oauthStarting: null } : state;
    case 'AUTHENTICATE_OAUTH':
      return startRequest(state);
    case 'START_ONE_TAP':
      return { ...state, oneTap: 'pending', oneTapSetupError: null };
    case 'ONE_TAP_SUBMITTED':
      return { ...startRequest(state), oauthStarting: 'google' };
    case 'ONE_TAP_STATE':
      return { ...state, oneTap: event.state, oneTapSetupError: event.setupError ?? null };
    case 'OAUTH_LANDING_FAILED':
      return { ...state, pending: false, oauthError: event.message };
    default:
      return state;
  }
}

/** For loadReduce. */
export default reduceOAuth;
