import type { FlowEngine } from '../flow/engine';
import type { FlowEvent, FlowState, MountKind, Screen } from '../flow/types';
import { identityProviderFlow } from './VestibuleIdentityProvider';
import { loginFlow } from './VestibuleLogin';
import { passkeyRegistrationFlow } from './VestibulePasskeyRegistration';
import { passwordResetFlow } from './VestibulePasswordReset';

/** Every mount's flow, by the `mount` value of its state. */
export const FLOWS: Record<MountKind, FlowEngine> = {
  login: loginFlow,
  passwordReset: passwordResetFlow,
  passkeyRegistration: passkeyRegistrationFlow,
  identityProvider: identityProviderFlow,
};

/** Which screen shows for a state of any mount: one pure function of the state. */
export function getScreen(state: FlowState): Screen {
  return FLOWS[state.mount].getScreen(state);
}

/** A mount's first state, with `extra` facts set. */
export function initialState(mount: MountKind, extra: Partial<FlowState> = {}): FlowState {
  return FLOWS[mount].initial(extra);
}

/** A mount's reducer (every feature of the mount, in order). */
export function reducer(state: FlowState, event: FlowEvent): FlowState {
  return FLOWS[state.mount].reduce(state, event);
}
