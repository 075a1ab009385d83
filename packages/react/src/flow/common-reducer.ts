import type { Reducer } from './feature';
import { heldForSecondStep } from './signIn';

/** The cases every mount shares (src/flow/common.ts): sign-ins, starting again, the top banner, the Main tab (failures are up front). */
export const reduceCommon: Reducer = (state, event) => {
  switch (event.type) {
    case 'SELECT_TAB':
      return { ...state, mainTab: event.tab, errorDescriptor: null };
    case 'AUTHENTICATED':
      // An answer held for a second step signs no one in yet (the feature asking for the step takes it).
      return { ...state, pending: false, authenticated: heldForSecondStep(event.response) ? state.authenticated : event.method, errorDescriptor: null };
    case 'START_AGAIN':
      return { ...state, pending: false, errorDescriptor: null, banner: null };
    case 'SHOW_BANNER':
      return { ...state, banner: event.banner };
    case 'DISMISS_BANNER':
      return { ...state, banner: null, errorDescriptor: state.errorDescriptor?.placement === 'banner' ? null : state.errorDescriptor };
    default:
      return state;
  }
};

/** For loadReduce. */
export default reduceCommon;
