import type { FlowEvent, FlowState } from '../../flow/types';

/** The login mount's passkey button and autofill: its spinner and its error under the button. */
export function reducePasskeySignIn(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'PASSKEY_AUTOFILL_KNOWN':
      return state.passkeyAutofill === event.supported ? state : { ...state, passkeyAutofill: event.supported };
    case 'PASSKEY_SIGN_IN':
      return { ...state, passkeyPending: true, passkeyError: null, errorDescriptor: null, banner: null };
    case 'PASSKEY_SIGN_IN_FAILED':
      return { ...state, passkeyPending: false, passkeyError: event.message };
    case 'AUTHENTICATED':
      return { ...state, passkeyPending: false, passkeyError: null };
    default:
      return state;
  }
}

/** For loadReduce. */
export default reducePasskeySignIn;
