import { VestibulePasskeyRegistration } from '@vestibule/react';
import type { VestibuleClient } from '@vestibule/client';
import { demo } from '../stack';
import { MountInfo } from '../components/MountInfo';
import { NextStep } from '../components/NextStep';
import { loginConfigFromUrl } from '../login-config';
import { signedInAs } from '../signed-in-as';
import { useSession } from '../use-session';

export function PasskeysPage({ client }: { client: VestibuleClient }) {
  const { config } = loginConfigFromUrl(new URL(window.location.href));
  // A config whose products are not a list goes to the widget as it is, which names the mistake.
  const passkeyConfig = Array.isArray(config.products) ? { ...config, products: [...new Set([...config.products, 'passkeys' as const])] } : config;
  // Live, so the line follows a sign-in or log-out in this tab or another one.
  const { user } = useSession(client);
  return (
    <>
      <MountInfo mount="Passkey registration" component="VestibulePasskeyRegistration" config={passkeyConfig} />
      {user ? (
        <NextStep>
          You are signed in as <span className="nowrap">{signedInAs(user).text}</span>: add a passkey to sign in next time without a code or password.
        </NextStep>
      ) : (
        <NextStep>
          Sign in first on the <a href="/">login page</a>, then come back here to add a passkey.
        </NextStep>
      )}
      <VestibulePasskeyRegistration client={client} nonce={demo.styleNonce} config={passkeyConfig} />
    </>
  );
}
