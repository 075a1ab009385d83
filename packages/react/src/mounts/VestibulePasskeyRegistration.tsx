import { Flow, type ScreenMap } from '../flow/Flow';
import { initialState } from '../flow/state';
import { PasskeyRegistrationStart } from '../screens/PasskeyRegistrationStart';
import type { PasskeyRegistrationMountOptions } from '../types';
import { WidgetShell } from './Shell';

const screens: ScreenMap = { PasskeyRegistrationStart };

/** The passkey-registration widget: starts on PasskeyRegistrationStart; needs a signed-in user. */
export function VestibulePasskeyRegistration(props: PasskeyRegistrationMountOptions) {
  return (
    <WidgetShell {...props}>
      <Flow initial={() => initialState('passkeyRegistration')} screens={screens} />
    </WidgetShell>
  );
}
