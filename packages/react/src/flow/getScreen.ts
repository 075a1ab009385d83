import type { FlowState, ResetEmailReason, Screen } from './state';

const RESET_EMAIL_SCREENS = {
  forgot: 'PasswordForgot',
  setNew: 'PasswordSetNew',
  dedupe: 'PasswordDedupe',
  breached: 'PasswordBreached',
} as const satisfies Record<ResetEmailReason, Screen>;

/** Which screen shows: one pure function of the flow state (no side effects, no globals). */
export function getScreen(
  state: Pick<FlowState, 'mount' | 'magicLinkState' | 'otpState' | 'authenticated'> &
    Partial<Pick<FlowState, 'passwordState' | 'resetEmailSent'>>,
): Screen {
  switch (state.mount) {
    case 'login':
      if (state.authenticated === 'otp') return 'OTPConfirmation';
      if (state.authenticated === 'password') return 'PasswordConfirmation';
      if (state.otpState) return 'OTPAuthenticate';
      if (state.magicLinkState) return 'EmailConfirmation';
      if (state.passwordState) return state.resetEmailSent ? RESET_EMAIL_SCREENS[state.resetEmailSent] : 'PasswordCreateOrLogin';
      return 'Main';
    case 'passwordReset':
      return state.authenticated ? 'PasswordConfirmation' : 'PasswordResetForm';
    case 'passkeyRegistration':
      return 'PasskeyRegistrationStart';
    case 'identityProvider':
      return 'IDPConsent';
  }
}
