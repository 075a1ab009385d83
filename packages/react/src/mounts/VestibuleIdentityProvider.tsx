import { identityProvider } from '../features/identity-provider';
import { composeFlow } from '../flow/engine';
import { Flow } from '../flow/Flow';
import type { IdentityProviderMountOptions } from '../types';
import { CheckedShell } from './CheckedShell';

export const identityProviderFlow = composeFlow('identityProvider', [identityProvider], { start: 'IDPConsent' });

/** The identity-provider widget: the authorize consent screen or the logout confirmation. */
export function VestibuleIdentityProvider(props: IdentityProviderMountOptions) {
  const { client } = props;
  return (
    <CheckedShell
      {...props}
      configOptional
      onFirstRender={(bootstrap) => client.events.log('render_idp_screen', { bootstrap })}
    >
      <Flow flow={identityProviderFlow} />
    </CheckedShell>
  );
}
