import type { EffectMap } from './feature';

/** The flow-complete events of a success screen, in every mount (src/flow/common.ts). */
export const commonEffects: EffectMap = {
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
};
