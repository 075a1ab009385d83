import { VestibulePasskeyRegistration } from '@vestibule/react';
import type { VestibuleClient } from '@vestibule/client';
import { demo } from '../stack';
import { MountInfo } from '../components/MountInfo';
import { loginConfigFromUrl } from '../login-config';

export function PasskeysPage({ client }: { client: VestibuleClient }) {
  const { config } = loginConfigFromUrl(new URL(window.location.href));
  const passkeyConfig = { ...config, products: [...new Set([...config.products, 'passkeys' as const])] };
  return (
    <>
      <MountInfo
        mount="Passkey registration"
        component="VestibulePasskeyRegistration"
        config={passkeyConfig}
        note="Needs a signed-in user: log in first on the Login page."
      />
      <VestibulePasskeyRegistration client={client} nonce={demo.styleNonce} config={passkeyConfig} />
    </>
  );
}
