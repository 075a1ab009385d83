import type { WidgetOptions } from './choices';

/** Where the code's widget talks to and where the one script is served: this demo's stack. */
export interface Stack {
  publicToken: string;
  apiBaseUrl: string;
  /** The one script's address (the demo serves it under /vestibule/). */
  oneScriptUrl: string;
}

/** A value as a JavaScript literal, laid out: JSON, with the keys that are names unquoted. */
const literal = (value: unknown) => JSON.stringify(value, null, 2).replace(/"([A-Za-z_$][\w$]*)":/g, '$1:');

/** JSX props for the options: `config={…}` and the others, one per line. */
function jsxProps(options: WidgetOptions): string {
  return Object.entries(options)
    .map(([name, value]) => (typeof value === 'string' ? `${name}=${JSON.stringify(value)}` : `${name}={${literal(value).replace(/\n/g, '\n  ')}}`))
    .map((prop) => `\n  ${prop}`)
    .join('');
}

/** A module a React app can run as it is: the client, and the widget rendered into #root. */
export function reactCode(options: WidgetOptions, stack: Stack): string {
  return `import { createRoot } from 'react-dom/client';
import { createVestibuleClient } from '@vestibule/client';
import { VestibuleLogin } from '@vestibule/react';

const client = createVestibuleClient({
  publicToken: ${JSON.stringify(stack.publicToken)},
  apiBaseUrl: ${JSON.stringify(stack.apiBaseUrl)},
});

createRoot(document.getElementById('root')!).render(
  <VestibuleLogin client={client}${jsxProps(options)}
  />,
);
`;
}

/** Escapes text for an HTML attribute written in single quotes (its JSON keeps its double ones). */
const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;');

/** HTML for any page: the one script, then the widget as an element configured by its attributes. */
export function oneScriptCode(options: WidgetOptions, stack: Stack): string {
  const attributes: [string, string][] = [
    ['public-token', stack.publicToken],
    ['api-base-url', stack.apiBaseUrl],
    ['config', JSON.stringify(options.config)],
  ];
  if (options.styles) attributes.push(['styles', JSON.stringify(options.styles)]);
  if (options.locale) attributes.push(['locale', options.locale]);
  return `<script type="module" src='${attribute(stack.oneScriptUrl)}'></script>
<vestibule-login
${attributes.map(([name, value]) => `  ${name}='${attribute(value)}'`).join('\n')}
></vestibule-login>
`;
}
