import type { FlowEvent, FlowState } from '../../flow/types';

/**
 * The slice with `next` in it; the same state when that changes nothing (the browser carrying on
 * from the preflight the host's server made arrives at the screen already drawn: redrawing it
 * would put its lazily loaded content back to loading while it hydrates).
 */
function phase(state: FlowState, next: Partial<FlowState['idp']>): FlowState {
  const idp = { ...state.idp, ...next };
  return JSON.stringify(idp) === JSON.stringify(state.idp) ? state : { ...state, idp };
}

/** The identity-provider mount's cases. */
export function reduceIdp(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'IDP_START':
      return phase(state, { phase: 'loading', message: null, signedInSince: event.signedInSince ?? state.idp.signedInSince });
    case 'IDP_CONSENT':
      return phase(state, { phase: 'loading', message: null });
    case 'IDP_LOGOUT':
      return phase(state, { phase: event.confirmed ? 'loading' : 'notLoggedOut' });
    case 'IDP_PHASE':
      return phase(state, { phase: event.phase });
    case 'IDP_LOGOUT_CONFIRM':
      return phase(state, { phase: 'logoutConfirm', logoutRedirect: event.redirectUri });
    case 'IDP_FAILED':
      return phase(state, { phase: 'error', message: event.message });
    case 'IDP_SIGN_IN_AGAIN':
      return phase(state, { phase: 'signInAgain', message: event.message });
    case 'IDP_CONSENT_REQUIRED':
      return phase(state, { phase: 'consent', consent: event.consent });
    default:
      return state;
  }
}
