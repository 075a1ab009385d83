import type { FlowState, Screen } from './state';

/** Which screen shows: one pure function of the flow state (no side effects, no globals). */
export function getScreen(state: Pick<FlowState, 'mount' | 'magicLinkState' | 'otpState' | 'authenticated'>): Screen {
  switch (state.mount) {
    case 'login':
      if (state.authenticated === 'otp') return 'OTPConfirmation';
      if (state.otpState) return 'OTPAuthenticate';
      return state.magicLinkState ? 'EmailConfirmation' : 'Main';
    case 'passwordReset':
      return state.authenticated ? 'PasswordConfirmation' : 'PasswordResetForm';
    case 'passkeyRegistration':
      return 'PasskeyRegistrationStart';
    case 'identityProvider':
      return 'IDPConsent';
  }
}
