import { useMemo, useState } from 'react';
import { VestibuleIdentityProvider, VestibuleLogin, type LoginConfig, type WidgetEvent } from '@vestibule/react';
import type { VestibuleClient } from '@vestibule/client';
import { demo } from '../stack';
import { MountInfo } from '../components/MountInfo';
import { NextStep } from '../components/NextStep';
import { useSession } from '../use-session';
import { widgetOptions } from '../page-options';

/** Sign-in that stays on this page (password, or a passcode from the Outbox), so the request below goes on. */
const SIGN_IN_HERE: LoginConfig = {
  products: ['passwords', 'otp'],
  otpOptions: { methods: ['email'], expirationMinutes: 5 },
  sessionOptions: { sessionDurationMinutes: 30 },
};

/**
 * The identity provider's consent and logout screens; they read the OAuth parameters from the URL.
 * When the request needs a sign-in (nobody is signed in, or the app asks for a new one with
 * prompt=login or max_age), the widget says so and the login widget is offered beside it; after
 * the sign-in the identity-provider widget runs the same request again by itself.
 */
export function IdpPage({ client }: { client: VestibuleClient }) {
  const url = new URL(window.location.href);
  const params = Object.fromEntries(url.searchParams);
  const { session } = useSession(client);
  const [signInAsked, setSignInAsked] = useState(false);
  const callbacks = useMemo(() => ({ onEvent: (event: WidgetEvent) => event.type === 'OAUTH_AUTHORIZE_FLOW_SIGN_IN_REQUIRED' && setSignInAsked(true) }), []);
  const authorize = url.searchParams.has('client_id') && url.searchParams.has('redirect_uri') && !url.searchParams.has('post_logout_redirect_uri');
  return (
    <>
      <MountInfo
        mount="Identity provider"
        component="VestibuleIdentityProvider"
        config={params}
        note="Authorize when the URL has client_id and redirect_uri; Logout when it has post_logout_redirect_uri."
      />
      <NextStep>
        Other apps send people here to let them use their account from this site; opened on its own, the page says what the app&rsquo;s request is missing.
      </NextStep>
      <VestibuleIdentityProvider client={client} {...widgetOptions(demo)} callbacks={callbacks} />
      {authorize && (!session || signInAsked) ? (
        <section aria-label="Sign in to continue">
          <VestibuleLogin client={client} config={SIGN_IN_HERE} {...widgetOptions(demo)} />
        </section>
      ) : null}
    </>
  );
}
