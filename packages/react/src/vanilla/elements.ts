import { createElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { VestibuleClient } from '@vestibule/client';
import type { Callbacks, ColorScheme, CommonMountOptions, Styles, WidgetEvent } from '../types';
import { clientFor } from './clients';
import { VestibuleAccount, VestibuleIdentityProvider, VestibuleLogin, VestibulePasskeyRegistration, VestibulePasswordReset } from './mounts';

/** Each mount's tag. */
const TAGS: Record<string, (props: never) => ReactNode> = {
  'vestibule-login': VestibuleLogin,
  'vestibule-password-reset': VestibulePasswordReset,
  'vestibule-passkey-registration': VestibulePasskeyRegistration,
  'vestibule-identity-provider': VestibuleIdentityProvider,
  'vestibule-account': VestibuleAccount,
};

/** Attributes whose value is JSON (an object), and the prop each sets. */
const JSON_ATTRIBUTES = { config: 'config', styles: 'styles', strings: 'strings', 'auth-token-params': 'authTokenParams' } as const;
/** Attributes whose value is text, and the prop (or client option) each sets. */
const TEXT_ATTRIBUTES = {
  'public-token': 'publicToken',
  'api-base-url': 'apiBaseUrl',
  locale: 'locale',
  nonce: 'nonce',
  'password-reset-token': 'passwordResetToken',
  'color-scheme': 'colorScheme',
} as const;

/** Props set only as properties: functions and objects no attribute can carry. */
const PROPERTIES = ['client', 'callbacks', 'getIDPConsentManifest', 'language'] as const;

type Props = Record<string, unknown>;

/**
 * A mount as a custom element, for a page without React: attributes for what is text or JSON
 * (`public-token`, `api-base-url`, `config`, `styles`, `strings`, `locale`, `color-scheme`, `nonce`,
 * `password-reset-token`, `auth-token-params`), properties for the same under their mount option
 * names and for what no attribute carries (`client`, `callbacks`, `getIDPConsentManifest`,
 * `language`). A property wins over its attribute. The widget re-renders on every change, and says
 * what happens as DOM events too: `vestibule-event` (detail: the event) and `vestibule-error`
 * (detail: the error), both bubbling.
 */
function elementFor(Component: (props: never) => ReactNode, tag: string): CustomElementConstructor {
  return class VestibuleElement extends HTMLElement {
    static observedAttributes = [...Object.keys(JSON_ATTRIBUTES), ...Object.keys(TEXT_ATTRIBUTES)];
    #root: Root | undefined;
    #set: Props = {};
    #scheduled = false;
    /** The last problem said, so each is said once, not at every change. */
    #problem = '';

    connectedCallback() {
      this.#schedule();
    }

    disconnectedCallback() {
      // After the current task: an element only moved elsewhere in the page is connected again by then.
      queueMicrotask(() => {
        if (this.isConnected) return;
        this.#root?.unmount();
        this.#root = undefined;
      });
    }

    attributeChangedCallback() {
      this.#schedule();
    }

    /** One render for the changes of one task (attributes and properties set one after another). */
    #schedule() {
      if (this.#scheduled) return;
      this.#scheduled = true;
      queueMicrotask(() => {
        this.#scheduled = false;
        if (this.isConnected) this.#render();
      });
    }

    #render() {
      const props = this.#props();
      if (!props) return;
      const element = createElement(Component as (props: Props) => ReactNode, props);
      if (this.#root) return this.#root.render(element);
      this.#root = createRoot(this);
      // The first render in the same frame, as the mount functions do: nothing below it shifts.
      flushSync(() => this.#root?.render(element));
    }

    /** The mount's props from the attributes and properties, or null (said once) without a client. */
    #props(): (CommonMountOptions & Props) | null {
      const given: Props = {};
      for (const [attribute, prop] of Object.entries(JSON_ATTRIBUTES)) {
        const text = this.getAttribute(attribute);
        if (text !== null) given[prop] = parseJson(text, tag, attribute);
      }
      for (const [attribute, prop] of Object.entries(TEXT_ATTRIBUTES)) {
        const text = this.getAttribute(attribute);
        if (text !== null) given[prop] = text;
      }
      // A property set to undefined is cleared: its attribute applies again.
      const set = Object.fromEntries(Object.entries(this.#set).filter(([, value]) => value !== undefined));
      const { publicToken, apiBaseUrl, colorScheme, client, callbacks, styles, ...rest } = { ...given, ...set };
      const resolved = (client as VestibuleClient | undefined) ?? this.#client(publicToken, apiBaseUrl);
      if (!resolved) return null;
      const withScheme = colorScheme ? { ...(styles as Styles | undefined), colorScheme: colorScheme as ColorScheme } : (styles as Styles | undefined);
      return { ...rest, styles: withScheme, client: resolved, callbacks: this.#callbacks(callbacks as Callbacks | undefined) };
    }

    /**
     * The client for a public token: none (said once on the console, and as a vestibule-error event)
     * without a token, or for one the client refuses (a live token with no api-base-url, say).
     */
    #client(publicToken: unknown, apiBaseUrl: unknown): VestibuleClient | null {
      let problem = `Vestibule: <${tag}> needs a public-token attribute (or a client property) to draw.`;
      if (typeof publicToken === 'string' && publicToken) {
        try {
          return clientFor({ publicToken, apiBaseUrl: typeof apiBaseUrl === 'string' ? apiBaseUrl : undefined });
        } catch (error) {
          problem = `Vestibule: <${tag}> cannot draw: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
      if (problem !== this.#problem) {
        this.#problem = problem;
        console.error(problem);
        this.dispatchEvent(new CustomEvent('vestibule-error', { detail: { message: problem }, bubbles: true, composed: true }));
      }
      return null;
    }

    /** The host's callbacks, and the same as DOM events on the element. */
    #callbacks(host: Callbacks | undefined): Callbacks {
      return {
        ...host,
        onEvent: (event: WidgetEvent) => {
          this.dispatchEvent(new CustomEvent('vestibule-event', { detail: event, bubbles: true, composed: true }));
          host?.onEvent?.(event);
        },
        onError: (error) => {
          this.dispatchEvent(new CustomEvent('vestibule-error', { detail: error, bubbles: true, composed: true }));
          host?.onError?.(error);
        },
      };
    }

    static {
      for (const prop of [...Object.values(JSON_ATTRIBUTES), ...Object.values(TEXT_ATTRIBUTES), ...PROPERTIES]) {
        Object.defineProperty(VestibuleElement.prototype, prop, {
          get(this: VestibuleElement) {
            return this.#set[prop];
          },
          set(this: VestibuleElement, value: unknown) {
            this.#set = { ...this.#set, [prop]: value };
            this.#schedule();
          },
        });
      }
    }
  };
}

/** An attribute's JSON, or its text as it is: the mount's own check then says what is wrong with it. */
function parseJson(text: string, tag: string, attribute: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    console.error(`Vestibule: the ${attribute} attribute of <${tag}> is not JSON: ${text}`);
    return text;
  }
}

/**
 * Defines `<vestibule-login>`, `<vestibule-password-reset>`, `<vestibule-passkey-registration>`,
 * `<vestibule-identity-provider>` and `<vestibule-account>`; a tag the page has defined already is
 * left as it is. The one script calls it as it loads.
 */
export function defineElements(registry: CustomElementRegistry = customElements): void {
  for (const [tag, Component] of Object.entries(TAGS)) if (!registry.get(tag)) registry.define(tag, elementFor(Component, tag));
}
