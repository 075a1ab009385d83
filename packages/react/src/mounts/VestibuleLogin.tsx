import { lazy, Suspense } from 'react';
import { Loading } from '../components/Loading';
import { Flow, type ScreenMap } from '../flow/Flow';
import { initialState } from '../flow/state';
import { EmailConfirmation } from '../screens/EmailConfirmation';
import { Main } from '../screens/Main';
import { OTPConfirmation } from '../screens/OTPConfirmation';
import type { LoginMountOptions } from '../types';
import { WidgetShell } from './Shell';

/** The passcode entry loads lazily; the OTP forms fetch it ahead while the user types. */
const LazyOTPAuthenticate = lazy(() => import('../screens/otp/OTPAuthenticate'));

function OTPAuthenticate() {
  return (
    <Suspense fallback={<Loading />}>
      <LazyOTPAuthenticate />
    </Suspense>
  );
}

const screens: ScreenMap = { Main, EmailConfirmation, OTPAuthenticate, OTPConfirmation };

/** The login widget: starts on Main. */
export function VestibuleLogin(props: LoginMountOptions) {
  const { client, config } = props;
  return (
    <WidgetShell {...props} onFirstRender={(bootstrap) => client.events.log('render_login_screen', { options: config, bootstrap })}>
      <Flow initial={() => initialState('login')} screens={screens} />
    </WidgetShell>
  );
}
