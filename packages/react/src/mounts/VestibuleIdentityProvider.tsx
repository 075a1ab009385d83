import { useCallback, useMemo } from 'react';
import { identityProvider, IdpOptionsContext, initialIdpSlice, serverDrawnSlice } from '../features/identity-provider';
import { composeFlow } from '../flow/engine';
import { Flow } from '../flow/Flow';
import type { IdentityProviderMountOptions } from '../types';
import { AfterHydration } from '../parts/AfterHydration';
import { useWidget } from '../widget/context';
import { CheckedShell } from './CheckedShell';

export const identityProviderFlow = composeFlow('identityProvider', [identityProvider], { start: 'IDPConsent' });

/**
 * The identity-provider widget: the authorize consent screen or the logout confirmation, for the
 * request in the page's query string (read once, when the widget mounts).
 */
export function VestibuleIdentityProvider(props: IdentityProviderMountOptions) {
  const { client, getIDPConsentManifest, authTokenParams, serverState } = props;
  const options = useMemo(() => ({ getIDPConsentManifest }), [getIDPConsentManifest]);
  return (
    <CheckedShell {...props} configOptional onFirstRender={(bootstrap) => client.events.log('render_idp_screen', { bootstrap })}>
      <IdpOptionsContext.Provider value={options}>
        <AfterHydration known={serverState !== undefined}>
          <IdpFlow authTokenParams={authTokenParams} serverState={serverState} />
        </AfterHydration>
      </IdpOptionsContext.Provider>
    </CheckedShell>
  );
}

/**
 * The flow, for the request in the query the host's server received and the preflight it made
 * there (serverState: the screen it leads to is drawn on the server), else for the page's own
 * query, read on the first draw in the browser (AfterHydration).
 */
function IdpFlow({ authTokenParams, serverState }: Pick<IdentityProviderMountOptions, 'authTokenParams' | 'serverState'>) {
  const { free } = useWidget();
  const initial = useCallback(
    () =>
      identityProviderFlow.initial(
        serverState
          ? serverDrawnSlice(serverState.search, authTokenParams ?? null, serverState.idp, free)
          : initialIdpSlice(window.location.search, authTokenParams ?? null),
      ),
    [authTokenParams, serverState, free],
  );
  return <Flow flow={identityProviderFlow} initial={initial} />;
}
