import { useState } from 'react';
import { VestibulePasswordReset } from '@vestibule/react';
import type { VestibuleClient } from '@vestibule/client';
import { demo } from '../stack';
import { MountInfo } from '../components/MountInfo';
import { loginConfigFromUrl } from '../login-config';

/** Where emailed links land: magic links (vestibule_token_type=login) and password resets. */
export function ResetPage({ client }: { client: VestibuleClient }) {
  // Read once: the widget removes the token from the address bar after using it, and a later
  // render must not lose the widget (and its success screen) for want of it.
  const [{ token, config }] = useState(() => {
    const url = new URL(window.location.href);
    return { token: url.searchParams.get('token'), config: loginConfigFromUrl(url).config };
  });
  return (
    <>
      <MountInfo
        mount="Password reset"
        component="VestibulePasswordReset"
        config={config}
        note="Emailed magic links and password-reset links lead here; the token comes from the link."
      />
      {token ? (
        <VestibulePasswordReset client={client} nonce={demo.styleNonce} config={config} passwordResetToken={token} />
      ) : (
        <p className="demo-note">This page needs the link from an email: open one from the Outbox.</p>
      )}
    </>
  );
}
