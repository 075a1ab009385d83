import { VestibulePasskeyRegistration } from '@vestibule/react';
import type { VestibuleClient } from '@vestibule/client';
import { demo } from '../stack';
import { MountInfo } from '../components/MountInfo';
import { NextStep } from '../components/NextStep';
import { loginConfigFromUrl, withPasskeys } from '../login-config';
import { signedInAs } from '../signed-in-as';
import { useSession } from '../use-session';
import { widgetOptions } from '../page-options';

export function PasskeysPage({ client }: { client: VestibuleClient }) {
  const { config } = loginConfigFromUrl(new URL(window.location.href));
  const passkeyConfig = withPasskeys(config);
  // Live, so the line follows a sign-in or log-out in this tab or another one.
  const { user } = useSession(client);
  // A number stays on one line; a long email may break (at its hyphens and dots) on a narrow screen.
  const who = user ? signedInAs(user) : null;
  return (
    <>
      <MountInfo mount="Passkey registration" component="VestibulePasskeyRegistration" config={passkeyConfig} />
      {who ? (
        <NextStep>
          You are signed in as <span className={who.kind === 'phone' ? 'nowrap' : undefined}>{who.text}</span>: add a passkey to sign in next time without a
          code or password.
        </NextStep>
      ) : (
        <NextStep>
          Sign in first on the <a href="/">login page</a>, then come back here to add a passkey.
        </NextStep>
      )}
      <VestibulePasskeyRegistration client={client} {...widgetOptions(demo)} config={passkeyConfig} />
    </>
  );
}
