import type { SessionResponse } from '@vestibule/contract';
import type { EffectContext } from '../../flow/feature';
import { sessionDuration } from '../../flow/session';
import { signedIn } from '../../flow/signIn';
import type { Banner } from '../../flow/types';
import { say } from '../../texts/say';
import type { TwoStepRequest } from './state';
import { texts } from './texts';

/** From this many recovery codes left down, the count is a warning: time to get new ones. */
export const FEW_RECOVERY_CODES = 3;

/** The step is done: the held sign-in goes on with the session, as the first method's own (its success screen, its host event). */
function done(ctx: EffectContext, session: SessionResponse): void {
  const held = ctx.stateBefore.twoStep;
  if (held) signedIn(ctx, held.method, held.event, session);
}

/** How many recovery codes are left, said over the success screen. */
function codesLeft(free: (text: string) => string, remaining: number): Banner {
  const text =
    remaining === 0 ? texts.noCodesLeft : remaining === 1 ? texts.oneCodeLeft : remaining <= FEW_RECOVERY_CODES ? texts.fewCodesLeft : texts.codesLeft;
  return { variant: remaining <= FEW_RECOVERY_CODES ? 'warning' : 'success', message: say(free, text, { count: String(remaining) }) };
}

/**
 * A request of the step's screens (login.ts hands it here, in the lazy chunk). A refusal shows
 * under the field, in the server's words where the login mount's catalogue does not word its type.
 */
export function request(request: TwoStepRequest, ctx: EffectContext): void {
  const { twoStep } = ctx.client;
  const session_duration_minutes = sessionDuration(ctx.config);
  const failed = (err: unknown) => ctx.fail(err, 'field');
  switch (request.call) {
    case 'code':
      twoStep.authenticate({ code: request.code, session_duration_minutes }).then((session) => done(ctx, session), failed);
      break;
    case 'recovery_code':
      twoStep.authenticateWithRecoveryCode({ recovery_code: request.code, session_duration_minutes }).then(({ recovery_codes_remaining, ...session }) => {
        // First, while this screen's dispatches still count: the banner stays over the success screen.
        ctx.dispatch({ type: 'SHOW_BANNER', banner: codesLeft(ctx.free, recovery_codes_remaining) });
        done(ctx, session);
      }, failed);
      break;
    case 'create':
      twoStep.create().then((key) => ctx.dispatch({ type: 'TWO_STEP_CHANGED', change: { key } }), failed);
      break;
    case 'enrol':
      twoStep
        .enrol({ code: request.code, session_duration_minutes })
        .then((enrolled) => ctx.dispatch({ type: 'TWO_STEP_CHANGED', change: { enrolled } }), failed);
      break;
    case 'codes_saved': {
      const enrolled = ctx.stateBefore.twoStep?.enrolled;
      // The host hears of the session, not of the codes: they are the person's, shown once.
      if (enrolled) {
        const { recovery_codes: _saved, ...session } = enrolled;
        done(ctx, session);
      }
      break;
    }
  }
}
