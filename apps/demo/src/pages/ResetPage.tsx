import { useState } from 'react';
import { VestibulePasswordReset } from '@vestibule/react';
import type { VestibuleClient } from '@vestibule/client';
import { demo } from '../stack';
import { MountInfo } from '../components/MountInfo';
import { NextStep } from '../components/NextStep';
import { loginConfigFromUrl } from '../login-config';
import { widgetOptions } from '../page-options';

/**
 * Where emailed links land, magic links (vestibule_token_type=login) and password resets, and
 * where the server sends the browser back from an OAuth provider (vestibule_token_type=oauth, with
 * a token, or with error_type and none).
 */
export function ResetPage({ client }: { client: VestibuleClient }) {
  // Read once: the widget removes the token from the address bar after using it, and a later
  // render must not lose the widget (and its success screen) for want of it.
  const [{ token, oauth, config }] = useState(() => {
    const url = new URL(window.location.href);
    return {
      token: url.searchParams.get('token'),
      oauth: url.searchParams.get('vestibule_token_type') === 'oauth',
      config: loginConfigFromUrl(url).config,
    };
  });
  return (
    <>
      <MountInfo
        mount="Password reset"
        component="VestibulePasswordReset"
        config={config}
        note="Emailed magic links, password-reset links and social sign-in lead here; the token comes from the address."
      />
      {token || oauth ? (
        <>
          <NextStep>
            {oauth ? (
              <>
                You came back from a social sign-in: it signs you in, or says what went wrong (<a href="/">back to the login page</a>).
              </>
            ) : (
              'You opened a link from an email: it signs you in, or lets you choose a new password.'
            )}
          </NextStep>
          <VestibulePasswordReset client={client} {...widgetOptions(demo)} config={config} passwordResetToken={token ?? ''} />
        </>
      ) : (
        <NextStep>
          Links from emails open here: type any email on the <a href="/">login page</a>, then open the link in the <a href="/outbox">Outbox</a>.
        </NextStep>
      )}
    </>
  );
}
