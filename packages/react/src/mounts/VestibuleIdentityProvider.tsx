import { useCallback, useMemo } from 'react';
import { identityProvider, IdpOptionsContext, initialIdpSlice } from '../features/identity-provider';
import { composeFlow } from '../flow/engine';
import { Flow } from '../flow/Flow';
import type { IdentityProviderMountOptions } from '../types';
import { AfterHydration } from '../parts/AfterHydration';
import { CheckedShell } from './CheckedShell';

export const identityProviderFlow = composeFlow('identityProvider', [identityProvider], { start: 'IDPConsent' });

/**
 * The identity-provider widget: the authorize consent screen or the logout confirmation, for the
 * request in the page's query string (read once, when the widget mounts).
 */
export function VestibuleIdentityProvider(props: IdentityProviderMountOptions) {
  const { client, getIDPConsentManifest, authTokenParams } = props;
  const options = useMemo(() => ({ getIDPConsentManifest }), [getIDPConsentManifest]);
  // Read on the first draw in the browser (AfterHydration), not on a server.
  const initial = useCallback(() => identityProviderFlow.initial(initialIdpSlice(window.location.search, authTokenParams ?? null)), [authTokenParams]);
  return (
    <CheckedShell {...props} configOptional onFirstRender={(bootstrap) => client.events.log('render_idp_screen', { bootstrap })}>
      <IdpOptionsContext.Provider value={options}>
        <AfterHydration>
          <Flow flow={identityProviderFlow} initial={initial} />
        </AfterHydration>
      </IdpOptionsContext.Provider>
    </CheckedShell>
  );
}
