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
        mainDraft: { method: event.method, typed: event.typed, country: event.country },
      };
    case 'SEARCH_USER':
      return { ...state, pending: true, errorDescriptor: null, banner: null, mainDraft: { method: 'password', typed: event.email } };
    case 'SUBMIT_MAGIC_LINK':
    case 'AUTHENTICATE_OTP':
    case 'AUTHENTICATE_MAGIC_LINK':
    case 'CREATE_PASSWORD':
    case 'LOGIN_PASSWORD':
    case 'SEND_RESET_EMAIL':
    case 'RESET_PASSWORD':
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
    case 'USER_FOUND':
      return { ...state, pending: false, errorDescriptor: null, passwordState: { email: event.email, type: event.userType } };
    case 'CHECK_STRENGTH':
      return {
        ...state,
        passwordStrength: event.password === '' ? null : { requested: event.password, checked: state.passwordStrength?.checked ?? null },
      };
    case 'STRENGTH_CHECKED':
      // An answer for a password that is no longer the latest one asked about is out of order: dropped.
      return state.passwordStrength?.requested === event.password
        ? {
            ...state,
            errorDescriptor: null,
            passwordStrength: { requested: event.password, checked: { password: event.password, response: event.response } },
          }
        : state;
    case 'RESET_EMAIL_SENT':
      return { ...state, pending: false, errorDescriptor: null, resetEmailSent: event.reason };
    case 'RESEND_RESET_EMAIL':
      return state;
    case 'PASSWORD_BACK':
      return {
        ...state,
        passwordState: null,
        resetEmailSent: null,
        passwordStrength: null,
        pending: false,
        errorDescriptor: null,
        banner: null,
      };
    case 'OTP_BACK':
      // Back from the passcode entry goes to Main, also when the code was asked for on a password screen.
      return { ...state, passwordState: null, resetEmailSent: null, otpState: null, pending: false, resendStatus: 'initial', errorDescriptor: null, banner: null };
    case 'TRY_AGAIN':
      return { ...state, magicLinkState: null, passwordState: null, resetEmailSent: null, errorDescriptor: null, banner: null };
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
