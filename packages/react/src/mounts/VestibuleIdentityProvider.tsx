import { lazy, Suspense } from 'react';
import { Loading } from '../components/Loading';
import { Flow, type ScreenMap } from '../flow/Flow';
import { initialState } from '../flow/state';
import type { IdentityProviderMountOptions, LoginConfig } from '../types';
import { WidgetShell } from './Shell';

/** The identity-provider screens load lazily: only hosts of the consent page download them. */
const LazyIDPConsent = lazy(() => import('../screens/IDPConsent'));

function IDPConsent() {
  return (
    <Suspense fallback={<Loading />}>
      <LazyIDPConsent />
    </Suspense>
  );
}

const screens: ScreenMap = { IDPConsent };
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
      <Flow initial={() => initialState('identityProvider')} screens={screens} />
    </WidgetShell>
  );
}
