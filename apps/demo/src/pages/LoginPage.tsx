import { VestibuleLogin } from '@vestibule/react';
import type { VestibuleClient } from '@vestibule/client';
import { demo } from '../stack';
import { MountInfo } from '../components/MountInfo';
import { loginConfigFromUrl } from '../login-config';
import { PRESETS, presetHref } from '../presets';

export function LoginPage({ client }: { client: VestibuleClient }) {
  const result = loginConfigFromUrl(new URL(window.location.href));
  const note =
    result.source === 'query'
      ? 'Configuration from the page URL (the config query parameter).'
      : 'Default configuration: add ?config=<URL-encoded JSON> to the address to try another.';
  return (
    <>
      <MountInfo mount="Login" component="VestibuleLogin" config={result.config} note={note} />
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
      <VestibuleLogin client={client} nonce={demo.styleNonce} config={result.config} />
    </>
  );
}
