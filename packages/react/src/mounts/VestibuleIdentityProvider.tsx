import { useMemo, useState } from 'react';
import { identityProvider, IdpOptionsContext, initialIdpSlice } from '../features/identity-provider';
import { composeFlow } from '../flow/engine';
import { Flow } from '../flow/Flow';
import type { IdentityProviderMountOptions } from '../types';
import { CheckedShell } from './CheckedShell';

export const identityProviderFlow = composeFlow('identityProvider', [identityProvider], { start: 'IDPConsent' });

/**
 * The identity-provider widget: the authorize consent screen or the logout confirmation, for the
 * request in the page's query string (read once, when the widget mounts).
 */
export function VestibuleIdentityProvider(props: IdentityProviderMountOptions) {
  const { client, getIDPConsentManifest, authTokenParams } = props;
  const options = useMemo(() => ({ getIDPConsentManifest }), [getIDPConsentManifest]);
  const [initial] = useState(() => () => identityProviderFlow.initial(initialIdpSlice(window.location.search, authTokenParams ?? null)));
  return (
    <CheckedShell {...props} configOptional onFirstRender={(bootstrap) => client.events.log('render_idp_screen', { bootstrap })}>
      <IdpOptionsContext.Provider value={options}>
        <Flow flow={identityProviderFlow} initial={initial} />
      </IdpOptionsContext.Provider>
    </CheckedShell>
  );
}
