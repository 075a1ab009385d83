import { magicLinkToken } from '../features/magic-links';
import { passwordReset } from '../features/passwords';
import { composeFlow } from '../flow/engine';
import { Flow } from '../flow/Flow';
import { readTokenType } from '../flow/linkToken';
import type { PasswordResetMountOptions } from '../types';
import { CheckedShell } from './CheckedShell';

/** The reset mount's features: the reset form, and logging in with a magic-link token. */
export const passwordResetFlow = composeFlow('passwordReset', [magicLinkToken, passwordReset], { start: 'PasswordResetForm' });

/** The password-reset widget: starts on PasswordResetForm with the token from the emailed link. */
export function VestibulePasswordReset(props: PasswordResetMountOptions) {
  const { passwordResetToken } = props;
  return (
    <CheckedShell {...props}>
      <Flow
        flow={passwordResetFlow}
        initial={() => {
          const tokenType = typeof window === 'undefined' ? null : readTokenType(window.location.search);
          // A magic-link token is authenticated at once: pending from the first render.
          return passwordResetFlow.initial({ resetPasswordState: { token: passwordResetToken, tokenType }, pending: tokenType === 'login' });
        }}
      />
    </CheckedShell>
  );
}
