import { startRequest } from '../../flow/feature';
import { heldForSecondStep } from '../../flow/signIn';
import type { FlowEvent, FlowState } from '../../flow/types';

export function reduceTwoStep(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    // A first factor held back for this step starts it; a session (the step done), or starting again, ends it.
    case 'AUTHENTICATED':
    case 'START_AGAIN':
      return {
        ...state,
        twoStep:
          event.type === 'AUTHENTICATED' && heldForSecondStep(event.response)
            ? { method: event.method, event: event.event, step: event.response.two_step }
            : null,
      };
    case 'TWO_STEP_REQUEST':
      return startRequest(state);
    // Sent and dispatched only while the step shows (a late answer after it is left is dropped), so a sign-in is held.
    case 'TWO_STEP_CHANGED':
      return { ...state, pending: false, errorDescriptor: null, twoStep: { ...state.twoStep!, ...event.change } };
    default:
      return state;
  }
}

/** For loadReduce. */
export default reduceTwoStep;
