import { startRequest } from '../../flow/feature';
import type { FlowEvent, FlowState } from '../../flow/types';

export function reduceOtps(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'SUBMIT_OTP':
      return { ...startRequest(state), mainDraft: { method: event.method, typed: event.typed, country: event.country } };
    case 'AUTHENTICATE_OTP':
      return startRequest(state);
    case 'OTP_SENT':
      return {
        ...state,
        pending: false,
        errorDescriptor: null,
        resendStatus: 'initial',
        otpState: {
          type: event.method,
          methodId: event.response.method_id,
          otpDestination: event.destination,
          formattedDestination: event.formatted,
          expiresAt: event.expiresAt,
        },
      };
    case 'RESEND_OTP':
      return state.resendStatus === 'sending' ? state : { ...state, resendStatus: 'sending' };
    case 'OTP_RESENT':
      return state.otpState
        ? { ...state, resendStatus: 'sent', errorDescriptor: null, otpState: { ...state.otpState, methodId: event.methodId, expiresAt: event.expiresAt } }
        : state;
    case 'RESEND_FAILED':
      return { ...state, resendStatus: 'initial' };
    case 'RESEND_SETTLED':
      return state.resendStatus === 'sent' ? { ...state, resendStatus: 'waiting' } : state;
    case 'OTP_BACK':
    case 'START_AGAIN':
      // Back from the passcode entry goes to Main (the password feature drops its part too).
      return { ...state, otpState: null, pending: false, resendStatus: 'initial', errorDescriptor: null, banner: null };
    default:
      return state;
  }
}

/** For loadReduce. */
export default reduceOtps;
