import { Flow, type ScreenMap } from '../flow/Flow';
import { initialState } from '../flow/state';
import { PasswordConfirmation } from '../screens/PasswordConfirmation';
import { PasswordResetForm, readTokenType } from '../screens/PasswordResetForm';
import type { PasswordResetMountOptions } from '../types';
import { WidgetShell } from './Shell';

const screens: ScreenMap = { PasswordResetForm, PasswordConfirmation };

/** The password-reset widget: starts on PasswordResetForm with the token from the emailed link. */
export function VestibulePasswordReset(props: PasswordResetMountOptions) {
  const { passwordResetToken } = props;
  return (
    <WidgetShell {...props}>
      <Flow
        initial={() => {
          const tokenType = typeof window === 'undefined' ? null : readTokenType(window.location.search);
          // A magic-link token is authenticated at once: pending from the first render.
          return initialState('passwordReset', {
            resetPasswordState: { token: passwordResetToken, tokenType },
            pending: tokenType === 'login',
          });
        }}
        screens={screens}
      />
    </WidgetShell>
  );
}
