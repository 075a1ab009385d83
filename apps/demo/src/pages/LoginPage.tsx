import { VestibuleLogin, type LoginConfig } from '@vestibule/react';
import { configProblem } from '@vestibule/react/config-check';
import type { VestibuleClient } from '@vestibule/client';
import { demo } from '../stack';
import { AddPasskeyOffer } from '../components/AddPasskeyOffer';
import { MountInfo } from '../components/MountInfo';
import { NextStep } from '../components/NextStep';
import { loginConfigFromUrl } from '../login-config';
import { PRESETS, presetHref } from '../presets';
import { widgetOptions } from '../page-options';

/** What to type and what to do with what arrives, for the sign-in methods this configuration offers. */
function LoginNextStep({ config }: { config: LoginConfig }) {
  if (configProblem(config)) return <NextStep>This configuration has a mistake: the widget below names it.</NextStep>;
  const has = (product: LoginConfig['products'][number]) => config.products.includes(product);
  const methods = has('otp') ? (config.otpOptions?.methods ?? []) : [];
  const byEmail = has('emailMagicLinks') || has('passwords') || methods.includes('email');
  const byPhone = methods.includes('sms') || methods.includes('whatsapp');
  const type = byEmail && byPhone ? 'any email or phone number' : byPhone ? 'any phone number' : 'any email';
  const sent = has('emailMagicLinks') && has('otp') ? 'open the link or code' : has('otp') ? 'enter the code' : has('emailMagicLinks') ? 'open the link' : null;
  const then = [has('passwords') && 'choose a password', sent].filter(Boolean).join(' or ');
  if (!then) return <NextStep>Choose a way to sign in below.</NextStep>;
  return (
    <NextStep>
      Type {type}, then {then}
      {sent ? (
        <>
          {' '}
          from the <a href="/outbox">Outbox</a>.
        </>
      ) : (
        '.'
      )}
    </NextStep>
  );
}

export function LoginPage({ client }: { client: VestibuleClient }) {
  const result = loginConfigFromUrl(new URL(window.location.href));
  const note =
    result.source === 'query' ? (
      'Configuration from the page URL (the config query parameter).'
    ) : (
      <>
        Default configuration: add <code className="nowrap">?config=&lt;URL-encoded JSON&gt;</code> to the address to try another.
      </>
    );
  return (
    <>
      <MountInfo mount="Login" component="VestibuleLogin" config={result.config} note={note} />
      <LoginNextStep config={result.config} />
      {result.source === 'invalid' && (
        <p className="demo-error" role="alert">
          {result.error} Showing the default configuration instead.
        </p>
      )}
      <nav className="presets" aria-label="Example configurations">
        <span>Try:</span>
        <ul>
          {PRESETS.map((preset) => (
            <li key={preset.label}>
              <a href={presetHref(preset.config)}>{preset.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <VestibuleLogin client={client} {...widgetOptions(demo)} config={result.config} />
      <AddPasskeyOffer client={client} config={result.config} />
    </>
  );
}
