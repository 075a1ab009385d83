import { createElement, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { VestibuleIdentityProvider } from '../mounts/VestibuleIdentityProvider';
import { VestibuleLogin } from '../mounts/VestibuleLogin';
import { VestibulePasskeyRegistration } from '../mounts/VestibulePasskeyRegistration';
import { VestibulePasswordReset } from '../mounts/VestibulePasswordReset';
import type {
  IdentityProviderMountOptions,
  LoginMountOptions,
  PasskeyRegistrationMountOptions,
  PasswordResetMountOptions,
  VanillaMountOptions,
} from '../types';

export type Unmount = () => void;

/**
 * The element the selector names. A plain id without '#' is accepted too. Throws an Error naming
 * the selector when nothing matches (SPEC.md section 5).
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

function mount<P extends object>(Component: ComponentType<P>, { elementId, ...options }: VanillaMountOptions & P): Unmount {
  const root = createRoot(findElement(elementId));
  root.render(createElement(Component, options as unknown as P));
  return () => root.unmount();
}

export function mountLogin(options: VanillaMountOptions & LoginMountOptions): Unmount {
  return mount(VestibuleLogin, options);
}

export function mountPasswordReset(options: VanillaMountOptions & PasswordResetMountOptions): Unmount {
  return mount(VestibulePasswordReset, options);
}

export function mountPasskeyRegistration(options: VanillaMountOptions & PasskeyRegistrationMountOptions): Unmount {
  return mount(VestibulePasskeyRegistration, options);
}

export function mountIdentityProvider(options: VanillaMountOptions & IdentityProviderMountOptions): Unmount {
  return mount(VestibuleIdentityProvider, options);
}
