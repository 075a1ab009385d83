import { createElement, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createVestibuleClient, type ClientOptions } from '@vestibule/client';
import { clientFor } from './clients';
import { VestibuleAccount, VestibuleIdentityProvider, VestibuleLogin, VestibulePasskeyRegistration, VestibulePasswordReset } from './mounts';
import type {
  AccountMountOptions,
  CommonMountOptions,
  IdentityProviderMountOptions,
  LoginMountOptions,
  PasskeyRegistrationMountOptions,
  PasswordResetMountOptions,
  VanillaOptions,
} from '../types';

/** A page without a bundler makes its own client from the one script too (the `Vestibule` global). */
export { createVestibuleClient };
/** The mounts as custom elements, `<vestibule-login>` and the others (defined by the one script). */
export { defineElements } from './elements';

export type Unmount = () => void;

/**
 * The element the selector names. A plain id without '#' is accepted too. Throws an Error naming
 * the selector when nothing matches.
 */
export function findElement(selector: string): Element {
  let element: Element | null = null;
  try {
    element = document.querySelector(selector);
  } catch {
    // Not a valid selector: try it as an id below.
  }
  element ??= document.getElementById(selector.replace(/^#/, ''));
  if (!element) throw new Error(`Vestibule: no element matches the selector "${selector}"`);
  return element;
}

function mount<P extends CommonMountOptions>(Component: ComponentType<P>, options: VanillaOptions<P>): Unmount {
  const { elementId, client, publicToken, apiBaseUrl, customApiDomain, cookieOptions, fetch, ...props } = options as VanillaOptions<P> & Partial<ClientOptions>;
  const element = findElement(elementId);
  if (!client && (typeof publicToken !== 'string' || publicToken === '')) {
    throw new Error('Vestibule: a mount needs a client or a publicToken to make one.');
  }
  const resolved = client ?? clientFor({ publicToken: publicToken as string, apiBaseUrl, customApiDomain, cookieOptions, fetch });
  const root = createRoot(element);
  // Rendered before the call returns, so a page that mounts while it loads paints the widget in
  // its first frame instead of painting the space empty and then shifting what follows.
  flushSync(() => root.render(createElement(Component, { ...props, client: resolved } as unknown as P)));
  return () => root.unmount();
}

export function mountLogin(options: VanillaOptions<LoginMountOptions>): Unmount {
  return mount(VestibuleLogin, options);
}

export function mountPasswordReset(options: VanillaOptions<PasswordResetMountOptions>): Unmount {
  return mount(VestibulePasswordReset, options);
}

export function mountPasskeyRegistration(options: VanillaOptions<PasskeyRegistrationMountOptions>): Unmount {
  return mount(VestibulePasskeyRegistration, options);
}

export function mountIdentityProvider(options: VanillaOptions<IdentityProviderMountOptions>): Unmount {
  return mount(VestibuleIdentityProvider, options);
}

/** The account page: a signed-in person manages their ways in, devices and account. */
export function mountAccount(options: VanillaOptions<AccountMountOptions>): Unmount {
  return mount(VestibuleAccount, options);
}
