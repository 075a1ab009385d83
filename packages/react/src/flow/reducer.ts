import type { FlowEvent } from './events';
import type { FlowState } from './state';

export function reducer(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'SUBMIT_OTP':
      return {
        ...state,
        pending: true,
        errorDescriptor: null,
        banner: null,
        otpDraft: { method: event.method, typed: event.typed, country: event.country },
      };
    case 'SUBMIT_MAGIC_LINK':
    case 'AUTHENTICATE_OTP':
    case 'AUTHENTICATE_MAGIC_LINK':
      return { ...state, pending: true, errorDescriptor: null, banner: null };
    case 'MAGIC_LINK_SENT':
      return { ...state, pending: false, magicLinkState: { email: event.email } };
    case 'SELECT_TAB':
      return { ...state, mainTab: event.tab, errorDescriptor: null };
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
      return { ...state, otpState: null, pending: false, resendStatus: 'initial', errorDescriptor: null, banner: null };
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
