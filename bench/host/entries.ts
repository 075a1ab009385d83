/**
 * The host apps the size and first-paint benchmarks build: entries written as someone outside the
 * repository writes them, against the installed packages, in plain JavaScript (createElement, no
 * JSX) so every bundler takes them as they are.
 *
 * Each entry defines `window.benchMount(element)`: it mounts into `element` and returns at once, so
 * a page can time the mount call apart from loading the script. Nothing mounts on load.
 */

/** The demo's default: email magic links only. */
export const DEFAULT_CONFIG = { products: ['emailMagicLinks'] };

/**
 * Every sign-in method of the login mount at once: email magic links, passcodes by text and by
 * WhatsApp, passwords, passkeys, social sign-in (with a one-tap prompt) and wallets. (Passcodes by
 * email take the Email tab that magic links draw: the two together are refused, so they are one
 * method here.)
 */
export const ALL_METHODS_CONFIG = {
  products: ['emailMagicLinks', 'otp', 'passwords', 'passkeys', 'oauth', 'crypto'],
  otpOptions: { methods: ['sms', 'whatsapp'], expirationMinutes: 5 },
  oauthOptions: { providers: [{ type: 'google', one_tap: true }, { type: 'github' }, { type: 'microsoft' }, { type: 'apple' }] },
};

export const CONFIGS = { default: DEFAULT_CONFIG, 'all seven methods': ALL_METHODS_CONFIG } as const;
export type ConfigName = keyof typeof CONFIGS;

/** The API the widget's client talks to, read from the page's query (`?api=`), else one that answers nothing. */
const API = `new URLSearchParams(location.search).get('api') ?? 'http://127.0.0.1:9'`;
const TOKEN = `new URLSearchParams(location.search).get('token') ?? 'public-token-test-bench'`;

/** The login mount from @vestibule/react, as the README shows a host using it. */
export function loginEntry(config: object): string {
  return `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createVestibuleClient } from '@vestibule/client';
import { VestibuleLogin } from '@vestibule/react';

const config = ${JSON.stringify(config)};
window.benchMount = (element) => {
  const client = createVestibuleClient({ publicToken: ${TOKEN}, apiBaseUrl: ${API} });
  createRoot(element).render(createElement(VestibuleLogin, { client, config }));
};
`;
}

/** The account mount from @vestibule/react (its sections load lazily). */
export const ACCOUNT_ENTRY = `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createVestibuleClient } from '@vestibule/client';
import { VestibuleAccount } from '@vestibule/react';

window.benchMount = (element) => {
  const client = createVestibuleClient({ publicToken: ${TOKEN}, apiBaseUrl: ${API} });
  createRoot(element).render(createElement(VestibuleAccount, { client, config: ${JSON.stringify(DEFAULT_CONFIG)} }));
};
`;

/** The floor: a plain React form with one email input and one button. */
export const FLOOR_ENTRY = `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

function Form() {
  return h('form', { onSubmit: (event) => event.preventDefault() },
    h('label', { htmlFor: 'email' }, 'Email'),
    h('input', { id: 'email', type: 'email', name: 'email', autoComplete: 'email' }),
    h('button', { type: 'submit' }, 'Continue'));
}
window.benchMount = (element) => createRoot(element).render(h(Form));
`;

/**
 * The one script (`dist/vanilla/vestibule.js` of @vestibule/react, React bundled) is not bundled
 * again: a page without a bundler loads it with a script tag, then this inline script defines the
 * mount with the `Vestibule` global.
 */
export function oneScriptInline(config: object): string {
  return `const config = ${JSON.stringify(config)};
window.benchMount = (element) => { Vestibule.mountLogin({ elementId: '#' + element.id, publicToken: ${TOKEN}, apiBaseUrl: ${API}, config }); };
`;
}
