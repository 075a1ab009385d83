import { useMemo, useState } from 'react';
import { VestibuleAccount, VestibuleLogin, type LoginConfig, type WidgetEvent } from '@vestibule/react';
import type { VestibuleClient } from '@vestibule/client';
import { configFromUrl } from '../login-config';
import { demo } from '../stack';
import { MountInfo } from '../components/MountInfo';
import { NextStep } from '../components/NextStep';
import { useSession } from '../use-session';
import { widgetOptions } from '../page-options';

/**
 * Every section on: email passcodes and text messages, passwords, passkeys, two social providers
 * (the development provider stands in for them) and wallets. Connecting a social account comes
 * back to this page, which is on the development server's login allowlist.
 */
const ACCOUNT_CONFIG: LoginConfig = {
  products: ['otp', 'passwords', 'passkeys', 'oauth', 'crypto'],
  otpOptions: { methods: ['email', 'sms'], expirationMinutes: 5 },
  oauthOptions: { providers: [{ type: 'github' }, { type: 'google' }] },
  sessionOptions: { sessionDurationMinutes: 30 },
};

/** Sign-in that stays on this page (a passcode from the Outbox), so the account shows right after. */
const SIGN_IN_HERE: LoginConfig = {
  products: ['otp'],
  otpOptions: { methods: ['email'], expirationMinutes: 5 },
  sessionOptions: { sessionDurationMinutes: 30 },
};

/**
 * The account page: signed out, the login widget first; signed in, the account mount, where the
 * person manages their ways in, devices and account. After a deletion the mount keeps saying so.
 */
export function AccountPage({ client }: { client: VestibuleClient }) {
  const { user } = useSession(client);
  // Like the login page, the `config` query parameter may name another configuration (the widget checks it at mount).
  const { config } = configFromUrl(new URL(window.location.href), ACCOUNT_CONFIG);
  const [deleted, setDeleted] = useState(false);
  const callbacks = useMemo(() => ({ onEvent: (event: WidgetEvent) => event.type === 'ACCOUNT_DELETED' && setDeleted(true) }), []);
  const shown = user !== null || deleted;
  return (
    <>
      <MountInfo mount="Account" component="VestibuleAccount" config={config} />
      {deleted ? (
        <NextStep>
          The account is deleted and every session of it ended. <a href="/account">Sign in again</a> to make a new one.
        </NextStep>
      ) : user ? (
        <NextStep>
          Add an email address or a phone number (the codes arrive in the <a href="/outbox">Outbox</a>), set a password, add a passkey, connect an account, or
          sign your other devices out.
        </NextStep>
      ) : (
        <NextStep>
          Sign in first with any email (the code arrives in the <a href="/outbox">Outbox</a>); your account shows here right after.
        </NextStep>
      )}
      {shown ? (
        <VestibuleAccount client={client} config={config} {...widgetOptions(demo)} callbacks={callbacks} />
      ) : (
        <section aria-label="Sign in first">
          <VestibuleLogin client={client} config={SIGN_IN_HERE} {...widgetOptions(demo)} />
        </section>
      )}
    </>
  );
}
