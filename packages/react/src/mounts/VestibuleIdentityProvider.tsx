import { identityProvider } from '../features/identity-provider';
import { composeFlow } from '../flow/engine';
import { Flow } from '../flow/Flow';
import type { IdentityProviderMountOptions, LoginConfig } from '../types';
import { WidgetShell } from './Shell';

export const identityProviderFlow = composeFlow('identityProvider', [identityProvider], { start: 'IDPConsent' });

const NO_CONFIG: LoginConfig = { products: [] };

/** The identity-provider widget: the authorize consent screen or the logout confirmation. */
export function VestibuleIdentityProvider(props: IdentityProviderMountOptions) {
  const { client } = props;
  return (
    <WidgetShell
      {...props}
      config={props.config ?? NO_CONFIG}
      onFirstRender={(bootstrap) => client.events.log('render_idp_screen', { bootstrap })}
    >
      <Flow flow={identityProviderFlow} />
    </WidgetShell>
  );
}
