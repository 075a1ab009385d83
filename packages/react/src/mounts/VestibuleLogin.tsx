import { Flow, type ScreenMap } from '../flow/Flow';
import { initialState } from '../flow/state';
import { EmailConfirmation } from '../screens/EmailConfirmation';
import { Main } from '../screens/Main';
import type { LoginMountOptions } from '../types';
import { WidgetShell } from './Shell';

const screens: ScreenMap = { Main, EmailConfirmation };

/** The login widget: starts on Main. */
export function VestibuleLogin(props: LoginMountOptions) {
  const { client, config } = props;
  return (
    <WidgetShell {...props} onFirstRender={(bootstrap) => client.events.log('render_login_screen', { options: config, bootstrap })}>
      <Flow initial={() => initialState('login')} screens={screens} />
    </WidgetShell>
  );
}
