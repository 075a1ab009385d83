import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createVestibuleClient, type ClientOptions, type VestibuleClient } from '@vestibule/client';
import { VestibuleLogin } from '../mounts/VestibuleLogin';
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

/**
 * One client per set of client options on the page: two widgets mounted with the same public
 * token share the session manager, so signing in with one is seen by the other at once.
 */
const clients = new Map<string, VestibuleClient>();

function clientFor({ publicToken, apiBaseUrl, customApiDomain, cookieOptions, fetch }: ClientOptions): VestibuleClient {
  const key = JSON.stringify([publicToken, apiBaseUrl, customApiDomain, cookieOptions]);
  let client = clients.get(key);
  if (!client) {
    client = createVestibuleClient({ publicToken, apiBaseUrl, customApiDomain, cookieOptions, fetch });
    clients.set(key, client);
  }
  return client;
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

/**
 * The mounts a page shows less often load on first use, so the one script's up-front download is
 * React, the client and the login widget (its budget, in bench/size.ts). They paint once loaded.
 */
function lazyMount<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // Made on first use, not when this module runs: React may not be initialised yet then (the
  // chunks that share it import each other).
  let Lazy: ComponentType<P> | undefined;
  return (props: P) => {
    Lazy ??= lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
    return createElement(Suspense, { fallback: null }, createElement(Lazy, props));
  };
}

const VestibulePasswordReset = lazyMount(() => import('../mounts/VestibulePasswordReset').then((m) => m.VestibulePasswordReset));
const VestibulePasskeyRegistration = lazyMount(() => import('../mounts/VestibulePasskeyRegistration').then((m) => m.VestibulePasskeyRegistration));
const VestibuleIdentityProvider = lazyMount(() => import('../mounts/VestibuleIdentityProvider').then((m) => m.VestibuleIdentityProvider));
const VestibuleAccount = lazyMount(() => import('../mounts/VestibuleAccount').then((m) => m.VestibuleAccount));

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
