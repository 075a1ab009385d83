import type { Feature } from './feature';
import { heldForSecondStep } from './signIn';

/**
 * What every mount does, whatever its features: failures, sign-ins, starting again, the top banner,
 * the Main tab, and the flow-complete events of a success screen. The engine puts it first in every flow.
 */
export const common: Feature = {
  name: 'common',
  reduce(state, event) {
    switch (event.type) {
      case 'SELECT_TAB':
        return { ...state, mainTab: event.tab, errorDescriptor: null };
      case 'AUTHENTICATED':
        // An answer held for a second step signs no one in yet (the feature asking for the step takes it).
        return { ...state, pending: false, authenticated: heldForSecondStep(event.response) ? state.authenticated : event.method, errorDescriptor: null };
      case 'START_AGAIN':
        return { ...state, pending: false, errorDescriptor: null, banner: null };
      case 'FAILED':
        return { ...state, pending: false, errorDescriptor: { error: event.error, message: event.message, placement: event.placement, retry: event.retry } };
      case 'SHOW_BANNER':
        return { ...state, banner: event.banner };
      case 'DISMISS_BANNER':
        return { ...state, banner: null, errorDescriptor: state.errorDescriptor?.placement === 'banner' ? null : state.errorDescriptor };
      default:
        return state;
    }
  },
  effects: {
    SUCCESS_SHOWN(event, { client, emit }) {
      // A success screen was shown (once): authenticate-flow-complete when a sign-in just
      // happened, then flow-complete; each logged and reported to the host.
      if (event.authenticated) {
        client.events.log('authenticate_flow_complete', {});
        emit('AUTHENTICATE_FLOW_COMPLETE', null);
      }
      if (event.flowComplete !== false) {
        client.events.log('flow_complete', {});
        emit('FLOW_COMPLETE', null);
      }
    },
  },
};
