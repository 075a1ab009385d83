import type { FlowEvent, FlowState } from '../../flow/types';

function phase(state: FlowState, next: Partial<FlowState['idp']>): FlowState {
  return { ...state, idp: { ...state.idp, ...next } };
}

/** The identity-provider mount's cases. */
export function reduceIdp(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'IDP_START':
      return phase(state, { phase: 'loading', message: null, signedInAgain: state.idp.signedInAgain || Boolean(event.signedInAgain) });
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
