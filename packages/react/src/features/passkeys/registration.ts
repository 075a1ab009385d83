import type { User } from '@vestibule/contract';
import { toErrorInfo } from '../../flow/errors';
import { startRequest, type EffectContext, type EffectMap, type Feature } from '../../flow/feature';
import type { FlowEvent, FlowState } from '../../flow/types';
import { sessionDuration } from '../../flow/session';
import { lazyScreen } from '../../parts/lazyScreen';
import { registrationErrorKey } from './registration-errors';
import { PASSKEY_DELETED, PASSKEY_RENAMED } from './registration-texts';
import { PasskeyRegistrationStart } from './screens/PasskeyRegistrationStart';
import { initialPasskeySlice } from './state';

/** The list and its rename and delete controls load when the user gets past the start screen. */
const PasskeyRegistrationSuccess = lazyScreen(() => import('./screens/PasskeyRegistrationSuccess'));

/** The user's passkeys with `change` applied to the list: rename and delete show at once. */
function withRegistrations(state: FlowState, change: (user: User) => User): FlowState {
  return state.passkeyUser ? { ...state, passkeyUser: change(state.passkeyUser) } : state;
}

function reducePasskeyRegistration(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'PASSKEY_USER_CHANGED':
      return { ...state, passkeyUser: event.user };
    case 'CREATE_PASSKEY':
      return startRequest(state);
    case 'PASSKEY_CREATED':
      return { ...state, pending: false, errorDescriptor: null, passkeyUser: event.response.user, passkeyOutcome: 'created' };
    case 'SKIP_PASSKEY':
      return { ...state, errorDescriptor: null, passkeyOutcome: 'skipped' };
    case 'SET_UP_ANOTHER_PASSKEY':
      return { ...state, errorDescriptor: null, banner: null, passkeyOutcome: null };
    case 'RENAME_PASSKEY':
      return withRegistrations(state, (user) => ({
        ...user,
        webauthn_registrations: user.webauthn_registrations.map((r) => (r.webauthn_registration_id === event.id ? { ...r, name: event.name } : r)),
      }));
    case 'DELETE_PASSKEY':
      return withRegistrations(state, (user) => ({
        ...user,
        webauthn_registrations: user.webauthn_registrations.filter((r) => r.webauthn_registration_id !== event.id),
      }));
    default:
      return state;
  }
}

/** The server agreed to a change the list already shows: a success banner naming the passkey (announced politely). */
function confirmed(ctx: EffectContext, text: string, name: string) {
  ctx.dispatch({ type: 'SHOW_BANNER', banner: { variant: 'success', message: ctx.free(text).replace('{name}', name) } });
}

const passkeyRegistrationEffects: EffectMap = {
  CREATE_PASSKEY(_event, ctx) {
    // A sign-in like every other: the session lasts sessionOptions.sessionDurationMinutes, default 30.
    ctx.client.webauthn.register({ is_passkey: true, session_duration_minutes: sessionDuration(ctx.config) }).then(
      (response) => {
        ctx.emit('PASSKEY_REGISTER', response);
        ctx.dispatch({ type: 'PASSKEY_CREATED', response });
      },
      (err: unknown) => {
        ctx.dispatch({ type: 'FAILED', error: toErrorInfo(err), message: ctx.t(registrationErrorKey(err)), placement: 'field' });
        ctx.reportError(toErrorInfo(err));
      },
    );
  },
  // The list already shows the change; a failed call is only logged.
  RENAME_PASSKEY({ id, name }, ctx) {
    ctx.client.webauthn.update({ webauthn_registration_id: id, name }).then(
      () => confirmed(ctx, PASSKEY_RENAMED, name),
      (err: unknown) => console.error('Vestibule: could not rename the passkey.', err),
    );
  },
  DELETE_PASSKEY({ id }, ctx) {
    const name = ctx.stateBefore.passkeyUser?.webauthn_registrations.find((r) => r.webauthn_registration_id === id)?.name ?? '';
    ctx.client.webauthn.delete(id).then(
      () => confirmed(ctx, PASSKEY_DELETED, name),
      (err: unknown) => console.error('Vestibule: could not delete the passkey.', err),
    );
  },
  PASSKEYS_DONE(_event, ctx) {
    ctx.emit('PASSKEY_REGISTRATION_DONE', null);
  },
};

/** Both screens follow sign-ins and sign-outs (and the list the server sends after a change) until left. */
function followUser(ctx: EffectContext) {
  const stop = ctx.client.user.onChange((user) => ctx.dispatch({ type: 'PASSKEY_USER_CHANGED', user }));
  ctx.signal.addEventListener('abort', () => stop(), { once: true });
}

/**
 * The passkey-registration mount: PasskeyRegistrationStart, then PasskeyRegistrationSuccess with the
 * user's passkeys. Needs a signed-in user: the mount puts the current one in the first state.
 */
export const passkeyRegistration: Feature = {
  name: 'passkey-registration',
  initial: initialPasskeySlice,
  reduce: reducePasskeyRegistration,
  screen: (state) => (state.passkeyUser && state.passkeyOutcome ? 'PasskeyRegistrationSuccess' : 'PasskeyRegistrationStart'),
  screens: { PasskeyRegistrationStart, PasskeyRegistrationSuccess },
  effects: passkeyRegistrationEffects,
  enter: { PasskeyRegistrationStart: followUser, PasskeyRegistrationSuccess: followUser },
};
