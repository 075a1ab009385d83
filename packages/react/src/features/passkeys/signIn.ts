import type { SessionResponse } from '@vestibule/contract';
import type { EffectContext } from '../../flow/feature';

/** A passkey signed the user in, by the button or by autofill: the host hears, PasskeyConfirmation shows. */
export function signedIn(ctx: EffectContext, response: SessionResponse): void {
  ctx.emit('PASSKEY_AUTHENTICATE', response);
  ctx.dispatch({ type: 'AUTHENTICATED', method: 'passkey', response });
}
