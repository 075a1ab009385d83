import type { FlowState, Screen } from './state';

/** Which screen shows: one pure function of the flow state (no side effects, no globals). */
export function getScreen(state: Pick<FlowState, 'mount' | 'magicLinkState' | 'authenticated'>): Screen {
  switch (state.mount) {
    case 'login':
      return state.magicLinkState ? 'EmailConfirmation' : 'Main';
    case 'passwordReset':
      return state.authenticated ? 'PasswordConfirmation' : 'PasswordResetForm';
    case 'passkeyRegistration':
      return 'PasskeyRegistrationStart';
    case 'identityProvider':
      return 'IDPConsent';
  }
}
