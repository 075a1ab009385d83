import { passkeyRegistration } from '../features/passkeys';
import { composeFlow } from '../flow/engine';
import { Flow } from '../flow/Flow';
import type { PasskeyRegistrationMountOptions } from '../types';
import { registerLater } from '../later/register';
import { AfterHydration } from '../parts/AfterHydration';
import { CheckedShell } from './CheckedShell';

// The later texts and styles come with this mount, not after its first paint: its start screen lists, names and creates passkeys.
registerLater();

export const passkeyRegistrationFlow = composeFlow('passkeyRegistration', [passkeyRegistration], { start: 'PasskeyRegistrationStart' });

/**
 * The passkey-registration widget: starts on PasskeyRegistrationStart; needs a signed-in user (the
 * one the host's server saw, serverState, else the client's).
 */
export function VestibulePasskeyRegistration(props: PasskeyRegistrationMountOptions) {
  const { client, serverState } = props;
  return (
    <CheckedShell {...props}>
      <AfterHydration known={serverState !== undefined}>
        <Flow
          flow={passkeyRegistrationFlow}
          initial={() => passkeyRegistrationFlow.initial({ passkeyUser: serverState ? serverState.user : client.user.getSync() })}
        />
      </AfterHydration>
    </CheckedShell>
  );
}
