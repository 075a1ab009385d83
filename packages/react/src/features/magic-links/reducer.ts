import { startRequest } from '../../flow/feature';
import type { FlowEvent, FlowState } from '../../flow/types';

export function reduceMagicLinks(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'SUBMIT_MAGIC_LINK':
    case 'AUTHENTICATE_MAGIC_LINK':
    case 'CONFIRM_MAGIC_LINK':
      return startRequest(state);
    case 'MAGIC_LINK_UNCONFIRMED':
      return { ...state, pending: false, magicLinkUnconfirmed: { email: event.email, token: event.token } };
    case 'MAGIC_LINK_SENT':
      return { ...state, pending: false, magicLinkState: { email: event.email } };
    case 'MAGIC_LINK_DEAD':
      return { ...state, pending: false, magicLinkDead: true };
    case 'TRY_AGAIN':
      return { ...state, magicLinkState: null, errorDescriptor: null, banner: null };
    default:
      return state;
  }
}

/** For loadReduce. */
export default reduceMagicLinks;
