import { useEffect, useRef, useState } from 'react';
import { useFlow } from '../../../flow/FlowContext';
import type { HeldSignIn } from '../state';
import { AppCode } from './AppCode';
import { Enrol } from './Enrol';
import { RecoveryCode } from './RecoveryCode';
import { SaveCodes } from './SaveCodes';

/** The part of the step that shows: one screen for the whole step keeps the login mount's first load small. */
function partOf(held: HeldSignIn) {
  if (held.step === 'enrol') return held.enrolled ? SaveCodes : Enrol;
  return held.recovery ? RecoveryCode : AppCode;
}

/**
 * The sign-in's second step: the app's code ('Two-step verification'), a recovery code instead, or,
 * where the project requires the step of a user without it, adding the app and then saving the
 * recovery codes. The first part shows as any screen does (Flow.tsx moves the focus); each part
 * after it takes the focus to its own heading, as a new screen would.
 */
export function TwoStep() {
  const { state } = useFlow();
  const Part = state.twoStep ? partOf(state.twoStep) : null;
  const first = useRef(Part);
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (Part !== first.current) setMoved(true);
  }, [Part]);
  return Part ? <Part focus={moved} /> : null;
}
