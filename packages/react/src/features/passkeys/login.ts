import type { Feature } from '../../flow/feature';
import { lazyScreen } from '../../parts/lazyScreen';
import { PasskeyButton } from './screens/PasskeyButton';
import { initialPasskeySlice } from './state';
import { afterPaint } from '../../later/afterPaint';
import { lazyWithLater } from '../../later/load';

/**
 * Passkeys in the login mount: Main's passkey button, last, or the email field's autofill where
 * the browser offers it, and PasskeyConfirmation.
 */
export const passkeys: Feature = {
  name: 'passkeys',
  initial: initialPasskeySlice,
  loadReduce: () => import('./sign-in-reducer'),
  screen: (state) => (state.authenticated === 'passkey' ? 'PasskeyConfirmation' : null),
  screens: { PasskeyConfirmation: lazyScreen(() => import('./screens/PasskeyConfirmation')) },
  effects: () => import('./sign-in-effects').then((m) => m.passkeySignInEffects),
  enter: {
    Main(ctx) {
      // A button ceremony cancelled by leaving Main never answered: its spinner must not greet the user's return.
      if (ctx.stateBefore.passkeyPending) ctx.dispatch({ type: 'PASSKEY_SIGN_IN_FAILED', message: null });
      // The ceremony's code loads after Main has painted; Main may be gone by then.
      afterPaint(() =>
        import('./autofill').then(({ offerPasskeysByAutofill }) => {
          if (!ctx.signal.aborted) offerPasskeysByAutofill(ctx);
        }),
      );
    },
  },
  main: {
    product: 'passkeys',
    block: PasskeyButton,
    afterEmail: lazyWithLater(() => import('./screens/PasskeyInstead')),
    // Where an Email tab takes passkeys from its autofill, the button would only repeat it.
    hides: (state, tabs) => state.passkeyAutofill && tabs.includes('email'),
    // Passkeys by themselves would leave a new user no way to sign up (a passkey is made once signed in).
    error: (config) => (config.products.every((product) => product === 'passkeys') ? 'passkeysAlone' : null),
  },
};
