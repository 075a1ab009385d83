import { VestibuleIdentityProvider } from '@vestibule/react';
import type { VestibuleClient } from '@vestibule/client';
import { demo } from '../stack';
import { MountInfo } from '../components/MountInfo';
import { NextStep } from '../components/NextStep';

/** The identity provider's consent and logout screens; they read the OAuth parameters from the URL. */
export function IdpPage({ client }: { client: VestibuleClient }) {
  const params = Object.fromEntries(new URL(window.location.href).searchParams);
  return (
    <>
      <MountInfo
        mount="Identity provider"
        component="VestibuleIdentityProvider"
        config={params}
        note="Authorize when the URL has client_id and redirect_uri; Logout when it has post_logout_redirect_uri."
      />
      <NextStep>
        Other apps send people here to let them use their account from this site; opened on its own, the page says what the
        app&rsquo;s request is missing.
      </NextStep>
      <VestibuleIdentityProvider client={client} nonce={demo.styleNonce} />
    </>
  );
}
