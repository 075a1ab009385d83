import { magicLinks } from '../features/magic-links';
import { oauth } from '../features/oauth';
import { otps } from '../features/otps';
import { passkeys } from '../features/passkeys';
import { passwords } from '../features/passwords';
import { twoStep } from '../features/two-step';
import { wallets } from '../features/wallets';
import { composeFlow } from '../flow/engine';
import { Flow } from '../flow/Flow';
import { Main } from '../main/Main';
import type { LoginMountOptions } from '../types';
import { CheckedShell } from './CheckedShell';

/**
 * The login mount's features. The order is the order in which they claim the screen (the first
 * that answers wins; none: Main). A new sign-in method is one folder under src/features/ and one
 * entry in this list. The second step of a sign-in (two-step verification) comes first: it holds the
 * screen until the sign-in it holds is done. Passkeys come next: a passkey used on a screen another
 * method holds (identifier-first's 'Use your passkey' after an email) takes the screen from it.
 */
export const loginFlow = composeFlow('login', [twoStep, passkeys, otps, magicLinks, passwords, oauth, wallets], { start: 'Main', screens: { Main } });

/** The login widget: starts on Main, once its configuration is checked. */
export function VestibuleLogin(props: LoginMountOptions) {
  const { client, config } = props;
  return (
    <CheckedShell {...props} onFirstRender={(bootstrap) => client.events.log('render_login_screen', { options: config, bootstrap })}>
      <Flow flow={loginFlow} />
    </CheckedShell>
  );
}
