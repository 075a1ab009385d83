import type { Feature } from '../../flow/feature';
import type { FlowEvent, FlowState } from '../../flow/types';
import { PasskeyButton } from './screens/PasskeyButton';
import { PasskeyRegistrationStart } from './screens/PasskeyRegistrationStart';
import { initialPasskeySlice } from './state';

export type { PasskeyResult, PasskeySlice } from './state';

/** Passkeys in the login mount: Main's passkey button (slot `passkey`). */
export const passkeys: Feature = {
  name: 'passkeys',
  mainSlots: { passkey: PasskeyButton },
};

function reducePasskeys(state: FlowState, event: FlowEvent): FlowState {
  return event.type === 'PASSKEY_USER_CHANGED' ? { ...state, passkeyUser: event.user } : state;
}

/**
 * The passkey-registration mount: PasskeyRegistrationStart, which needs a signed-in user. The mount
 * puts the current user in the first state; entering the screen follows sign-ins and sign-outs
 * until the screen is left.
 */
export const passkeyRegistration: Feature = {
  name: 'passkey-registration',
  initial: initialPasskeySlice,
  reduce: reducePasskeys,
  screen: () => 'PasskeyRegistrationStart',
  screens: { PasskeyRegistrationStart },
  enter: {
    PasskeyRegistrationStart(ctx) {
      const stop = ctx.client.user.onChange((user) => ctx.dispatch({ type: 'PASSKEY_USER_CHANGED', user }));
      ctx.signal.addEventListener('abort', () => stop(), { once: true });
    },
  },
};
