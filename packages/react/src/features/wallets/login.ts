import type { ComponentType } from 'react';
import type { EffectContext, Feature } from '../../flow/feature';
import type { FlowState, Screen } from '../../flow/types';
import { afterPaint } from '../../later/afterPaint';
import { lazyScreen } from '../../parts/lazyScreen';
import { loadWallets, type LazyPart } from './load';
import { WalletButtonsBlock } from './screens/WalletButtonsBlock';
import { initialWalletSlice } from './state';

/** A component of the lazy part, showing the spinner until it arrives. */
const part = (name: keyof LazyPart) => lazyScreen(() => loadWallets().then((lazy) => ({ default: lazy[name] as ComponentType })));

const SCREENS = ['CryptoConnect', 'CryptoSignMessage', 'CryptoOtherScreen', 'CryptoSetupWallet', 'CryptoError', 'CryptoConfirmation'] as const;

function walletList(state: FlowState): Screen | null {
  if (state.authenticated === 'wallet') return 'CryptoConfirmation';
  if (state.walletState) return state.walletError ? 'CryptoError' : state.walletState.walletChallenge ? 'CryptoSignMessage' : 'CryptoConnect';
  return state.walletList === 'other' ? 'CryptoOtherScreen' : state.walletList === 'setup' ? 'CryptoSetupWallet' : null;
}

/** An on-enter hook that runs a function of the lazy part with the screen's context. */
const run = (name: 'watchWallets' | 'connectWallet' | 'signChallenge') => (ctx: EffectContext) => void loadWallets().then((part) => part[name](ctx));

/**
 * Crypto wallets in the login mount: Main's wallet buttons, detected while Main shows; then CryptoConnect, CryptoSignMessage and
 * CryptoConfirmation, or CryptoError; CryptoOtherScreen and CryptoSetupWallet from Main. Each step
 * runs when its screen is entered (steps.ts), with that screen's signal. Everything but the
 * reducer, the screen choice and the room Main keeps for its buttons loads lazily (lazy.ts).
 */
export const wallets: Feature = {
  name: 'wallets',
  initial: initialWalletSlice,
  loadReduce: () => import('./reducer'),
  screen: walletList,
  screens: Object.fromEntries(SCREENS.map((name) => [name, part(name)])),
  enter: {
    Main(ctx) {
      // Once Main has painted: the detection comes with the feature's lazy chunk.
      if ((ctx.config.products ?? []).includes('crypto')) afterPaint(() => run('watchWallets')(ctx));
    },
    CryptoConnect: run('connectWallet'),
    CryptoSignMessage: run('signChallenge'),
  },
  main: {
    product: 'crypto',
    // The buttons of the detected wallets (one button's room until their code loads and detection
    // answers), just after the OAuth buttons, wherever oauthOptions.position puts those.
    block: WalletButtonsBlock,
    order: (config) => (config.oauthOptions?.position === 'below' ? 2 : -1),
  },
};
