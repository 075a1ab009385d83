import { useCallback, useMemo } from 'react';
import { identityProvider, IdpOptionsContext, initialIdpSlice, serverDrawnSlice } from '../features/identity-provider';
import { composeFlow } from '../flow/engine';
import { Flow } from '../flow/Flow';
import type { IdentityProviderMountOptions } from '../types';
import { AfterHydration } from '../parts/AfterHydration';
import { useWidget } from '../widget/context';
import { useServerDrawn } from '../widget/server-state';
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
  const { free, client } = useWidget();
  // Drawn for this browser's session and request: carried on from. Otherwise the server's screen
  // is only what hydrates, and the browser's own flow takes its place after.
  const { ours, fromServer } = useServerDrawn(serverState, client, true);
  const initial = useCallback(
    () =>
      identityProviderFlow.initial(
        serverState && fromServer
          ? serverDrawnSlice(serverState.search, authTokenParams ?? null, serverState.idp, free, ours)
          : initialIdpSlice(window.location.search, authTokenParams ?? null),
      ),
    [authTokenParams, serverState, free, fromServer, ours],
  );
  return <Flow key={fromServer ? 'server' : 'browser'} flow={identityProviderFlow} initial={initial} />;
}
