import type { FlowEvent } from './events';
import type { FlowState } from './state';

export function reducer(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'SUBMIT_MAGIC_LINK':
    case 'AUTHENTICATE_MAGIC_LINK':
      return { ...state, pending: true, errorDescriptor: null, banner: null };
    case 'MAGIC_LINK_SENT':
      return { ...state, pending: false, magicLinkState: { email: event.email } };
    case 'TRY_AGAIN':
      return { ...state, magicLinkState: null, errorDescriptor: null, banner: null };
    case 'AUTHENTICATED':
      return { ...state, pending: false, authenticated: event.method, errorDescriptor: null };
    case 'FAILED':
      return {
        ...state,
        pending: false,
        errorDescriptor: { error: event.error, message: event.message, placement: event.placement },
      };
    case 'SUCCESS_SHOWN':
      return state;
    case 'SHOW_BANNER':
      return { ...state, banner: event.banner };
    case 'DISMISS_BANNER':
      return { ...state, banner: null, errorDescriptor: state.errorDescriptor?.placement === 'banner' ? null : state.errorDescriptor };
  }
}
