import { lazy, Suspense, createElement, type ComponentType, type ReactNode } from 'react';
export { VestibuleLogin } from '../mounts/VestibuleLogin';

/**
 * The mounts a page shows less often load on first use, so the one script's up-front download is
 * React, the client and the login widget (its budget, in bench/size.ts). They paint once loaded.
 */
function lazyMount<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => ReactNode {
  // Made on first use, not when this module runs: React may not be initialised yet then (the
  // chunks that share it import each other).
  let Lazy: ComponentType<P> | undefined;
  return (props: P) => {
    Lazy ??= lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
    return createElement(Suspense, { fallback: null }, createElement(Lazy, props));
  };
}

export const VestibulePasswordReset = lazyMount(() => import('../mounts/VestibulePasswordReset').then((m) => m.VestibulePasswordReset));
export const VestibulePasskeyRegistration = lazyMount(() => import('../mounts/VestibulePasskeyRegistration').then((m) => m.VestibulePasskeyRegistration));
export const VestibuleIdentityProvider = lazyMount(() => import('../mounts/VestibuleIdentityProvider').then((m) => m.VestibuleIdentityProvider));
export const VestibuleAccount = lazyMount(() => import('../mounts/VestibuleAccount').then((m) => m.VestibuleAccount));
