import { magicLinkToken } from '../features/magic-links';
import { oauthLanding, readOAuthLanding } from '../features/oauth';
import { passwordReset } from '../features/passwords';
import { twoStep } from '../features/two-step';
import { composeFlow } from '../flow/engine';
import { Flow } from '../flow/Flow';
import { readTokenType } from '../flow/linkToken';
import type { PasswordResetMountOptions } from '../types';
import { registerLater } from '../later/register';
import { AfterHydration } from '../parts/AfterHydration';
import { CheckedShell } from './CheckedShell';

// The later texts and styles come with this mount, not after its first paint: its first screens (the reset form, the landing from a provider) show them.
registerLater();

/**
 * The reset mount's features: the reset form, logging in with a magic-link token, and the landing
 * back from an OAuth provider; first, the second step of any of these sign-ins (two-step verification).
 */
export const passwordResetFlow = composeFlow('passwordReset', [twoStep, magicLinkToken, oauthLanding, passwordReset], { start: 'PasswordResetForm' });

/**
 * The password-reset widget: starts on PasswordResetForm with the token from the emailed link, or
 * on OAuthCallback when the server sent the browser back from a provider (vestibule_token_type=oauth).
 * What it starts on is in the page's address: the one the host's server received (serverState),
 * else read in the browser (AfterHydration).
 */
export function VestibulePasswordReset(props: PasswordResetMountOptions) {
  const { passwordResetToken, serverState } = props;
  return (
    <CheckedShell {...props}>
      <AfterHydration known={serverState !== undefined}>
        <Flow
          flow={passwordResetFlow}
          initial={() => {
            const search = serverState ? serverState.search : window.location.search;
            const tokenType = readTokenType(search);
            // The check the server made of this token, if it made one: the screen it leads to is drawn at once.
            const checked = serverState?.passwordReset?.token === passwordResetToken ? serverState.passwordReset : undefined;
            // A magic-link token is authenticated at once: pending from the first render.
            return passwordResetFlow.initial({
              resetPasswordState: {
                token: passwordResetToken,
                tokenType,
                ...(checked && (checked.check === 'valid' ? { check: 'valid', email: checked.email } : { check: 'dead' })),
              },
              oauthLanding: readOAuthLanding(search),
              pending: tokenType === 'login',
            });
          }}
        />
      </AfterHydration>
    </CheckedShell>
  );
}
