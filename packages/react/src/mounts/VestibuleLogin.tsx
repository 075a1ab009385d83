import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from '../components/Loading';
import { Flow, type ScreenMap } from '../flow/Flow';
import { initialState } from '../flow/state';
import { EmailConfirmation } from '../screens/EmailConfirmation';
import { Main } from '../screens/Main';
import { OTPConfirmation } from '../screens/OTPConfirmation';
import { PasswordConfirmation } from '../screens/PasswordConfirmation';
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

/** The password screens share one lazy chunk; the password email form fetches it ahead. */
const loadPasswordScreens = () => import('../screens/password');
const LazyPasswordCreateOrLogin = lazy(() => loadPasswordScreens().then((m) => ({ default: m.PasswordCreateOrLogin })));
const LazyPasswordForgot = lazy(() => loadPasswordScreens().then((m) => ({ default: m.PasswordForgot })));
const LazyPasswordSetNew = lazy(() => loadPasswordScreens().then((m) => ({ default: m.PasswordSetNew })));
const LazyPasswordDedupe = lazy(() => loadPasswordScreens().then((m) => ({ default: m.PasswordDedupe })));
const LazyPasswordBreached = lazy(() => loadPasswordScreens().then((m) => ({ default: m.PasswordBreached })));

function suspended(Lazy: ComponentType) {
  return function Suspended() {
    return (
      <Suspense fallback={<Loading />}>
        <Lazy />
      </Suspense>
    );
  };
}

const screens: ScreenMap = {
  Main,
  EmailConfirmation,
  OTPAuthenticate,
  OTPConfirmation,
  PasswordCreateOrLogin: suspended(LazyPasswordCreateOrLogin),
  PasswordForgot: suspended(LazyPasswordForgot),
  PasswordSetNew: suspended(LazyPasswordSetNew),
  PasswordDedupe: suspended(LazyPasswordDedupe),
  PasswordBreached: suspended(LazyPasswordBreached),
  PasswordConfirmation,
};

/** The login widget: starts on Main. */
export function VestibuleLogin(props: LoginMountOptions) {
  const { client, config } = props;
  return (
    <WidgetShell {...props} onFirstRender={(bootstrap) => client.events.log('render_login_screen', { options: config, bootstrap })}>
      <Flow initial={() => initialState('login')} screens={screens} />
    </WidgetShell>
  );
}
