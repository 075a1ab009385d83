import { startRequest } from '../../flow/feature';
import type { FlowEvent, FlowState } from '../../flow/types';

export function reducePasswords(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'SEARCH_USER':
      return { ...startRequest(state), mainDraft: { method: 'password', typed: event.email } };
    case 'CREATE_PASSWORD':
    case 'LOGIN_PASSWORD':
    case 'SEND_RESET_EMAIL':
    case 'RESET_PASSWORD':
    case 'REQUEST_NEW_RESET_LINK':
      return startRequest(state);
    case 'RESET_TOKEN_CHECKED':
      return state.resetPasswordState ? { ...state, resetPasswordState: { ...state.resetPasswordState, check: 'valid', email: event.email } } : state;
    case 'RESET_TOKEN_DEAD':
      return state.resetPasswordState
        ? { ...state, pending: false, errorDescriptor: null, resetPasswordState: { ...state.resetPasswordState, check: 'dead' } }
        : state;
    case 'NEW_RESET_LINK_SENT':
      return state.resetPasswordState
        ? { ...state, pending: false, errorDescriptor: null, resetPasswordState: { ...state.resetPasswordState, newLinkSentTo: event.email } }
        : state;
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
    case 'PASSWORD_BACK':
    case 'START_AGAIN':
      return { ...state, passwordState: null, resetEmailSent: null, passwordStrength: null, pending: false, errorDescriptor: null, banner: null };
    // Back to Main from a screen a password screen led to (the passcode entry, EmailConfirmation):
    // the email looked up and any reset email are forgotten too.
    case 'OTP_BACK':
    case 'TRY_AGAIN':
      return state.passwordState || state.resetEmailSent ? { ...state, passwordState: null, resetEmailSent: null } : state;
    default:
      return state;
  }
}

/** For loadReduce. */
export default reducePasswords;
