import { passkeyRegistration } from '../features/passkeys';
import { composeFlow } from '../flow/engine';
import { Flow } from '../flow/Flow';
import type { PasskeyRegistrationMountOptions } from '../types';
import { registerLater } from '../later/register';
import { AfterHydration } from '../parts/AfterHydration';
import { useWidget } from '../widget/context';
import { useServerDrawn } from '../widget/server-state';
import { CheckedShell } from './CheckedShell';

// The later texts and styles come with this mount, not after its first paint: its start screen lists, names and creates passkeys.
registerLater();

export const passkeyRegistrationFlow = composeFlow('passkeyRegistration', [passkeyRegistration], { start: 'PasskeyRegistrationStart' });

/**
 * The passkey-registration widget: starts on PasskeyRegistrationStart; needs a signed-in user (the
 * one the host's server saw, serverState, else the client's).
 */
export function VestibulePasskeyRegistration(props: PasskeyRegistrationMountOptions) {
  const { serverState } = props;
  return (
    <CheckedShell {...props}>
      <AfterHydration known={serverState !== undefined}>
        <RegistrationFlow serverState={serverState} />
      </AfterHydration>
    </CheckedShell>
  );
}

/**
 * The flow, for the user the host's server saw when it read this browser's session; for another
 * session (another cookie of the name, a page from a cache) that user only hydrates, and the
 * client's takes its place after.
 */
function RegistrationFlow({ serverState }: Pick<PasskeyRegistrationMountOptions, 'serverState'>) {
  const { client } = useWidget();
  const { fromServer } = useServerDrawn(serverState, client);
  return (
    <Flow
      key={fromServer ? 'server' : 'browser'}
      flow={passkeyRegistrationFlow}
      initial={() => passkeyRegistrationFlow.initial({ passkeyUser: serverState && fromServer ? serverState.user : client.user.getSync() })}
    />
  );
}
