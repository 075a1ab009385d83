import { useEffect, useState } from 'react';
import { VestibulePasskeyRegistration, type LoginConfig } from '@vestibule/react';
import type { VestibuleClient } from '@vestibule/client';
import { withPasskeys } from '../login-config';
import { demo } from '../stack';
import { useSession } from '../use-session';
import { widgetOptions } from '../page-options';

/** Whether this device can make a passkey itself (Touch ID, Windows Hello, a phone's screen lock). */
function usePlatformAuthenticator(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let live = true;
    window.PublicKeyCredential?.isUserVerifyingPlatformAuthenticatorAvailable().then(
      (answer) => live && setAvailable(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return available;
}

/**
 * What a host does after a sign-in by passcode, link or password, as users of the peers expect:
 * on a device that can make a passkey, offer one with the registration mount. Offered to a user
 * who has none when they sign in; it stays while they create one, rename it or skip.
 */
export function AddPasskeyOffer({ client, config }: { client: VestibuleClient; config: LoginConfig }) {
  const { user } = useSession(client);
  const platform = usePlatformAuthenticator();
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    if (!user) setOffered(false);
    else if (platform && user.webauthn_registrations.length === 0) setOffered(true);
  }, [user, platform]);
  if (!offered) return null;
  return (
    <section className="add-passkey" aria-labelledby="add-passkey-title">
      <h2 id="add-passkey-title">Add a passkey</h2>
      <p>Next time, sign in with this device's screen lock instead of a code or password.</p>
      <VestibulePasskeyRegistration client={client} {...widgetOptions(demo)} config={withPasskeys(config)} />
    </section>
  );
}
