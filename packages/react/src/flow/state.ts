import type { VestibuleErrorInfo } from '@vestibule/client';

/** Internal screen values (SPEC.md section 2). Only the ones this release renders are produced. */
export type Screen =
  | 'Main'
  | 'EmailConfirmation'
  | 'PasswordResetForm'
  | 'PasswordConfirmation'
  | 'PasskeyRegistrationStart'
  | 'IDPConsent';

export type MountKind = 'login' | 'passwordReset' | 'passkeyRegistration' | 'identityProvider';

export type BannerVariant = 'error' | 'warning' | 'success';

export interface Banner {
  variant: BannerVariant;
  message: string;
}

/** Widget state (SPEC.md section 3). Facts only: which screen shows is derived by getScreen. */
export interface FlowState {
  mount: MountKind;
  /** Set once a magic link was sent to this address; cleared by 'Try again'. */
  magicLinkState: { email: string } | null;
  /** The reset mount's token and its type ('login' = a magic-link token, read from the page URL). */
  resetPasswordState: { token: string; tokenType: string | null } | null;
  /** A request is in flight: submit buttons are disabled and show a spinner. */
  pending: boolean;
  /** Signed in during this flow (by which method). */
  authenticated: 'magic_link' | null;
  /** The last error, shown under the field it concerns or in the banner. */
  errorDescriptor: { error: VestibuleErrorInfo; message: string; placement: 'field' | 'banner' } | null;
  /** A non-error notice at the top of the widget. */
  banner: Banner | null;
}

export function initialState(mount: MountKind, extra: Partial<FlowState> = {}): FlowState {
  return {
    mount,
    magicLinkState: null,
    resetPasswordState: null,
    pending: false,
    authenticated: null,
    errorDescriptor: null,
    banner: null,
    ...extra,
  };
}
