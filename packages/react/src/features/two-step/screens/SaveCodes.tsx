import { useFlow } from '../../../flow/FlowContext';
import { Heading } from '../../../parts/Heading';
import { useWidget } from '../../../widget/context';
import { RecoveryCodes } from '../parts/RecoveryCodes';
import { texts } from '../texts';

/**
 * The app is added and the session stored: the ten recovery codes, shown this once, to save before
 * the sign-in goes on ('I have saved these codes'). No back arrow: the person is signed in.
 */
export function SaveCodes({ focus }: { focus: boolean }) {
  const { free } = useWidget();
  const { state, send } = useFlow();
  return (
    <>
      <Heading focusOnMount={focus}>{free(texts.codesHeading)}</Heading>
      <p className="vst-text">{free(texts.codesIntro)}</p>
      <RecoveryCodes
        codes={state.twoStep?.enrolled?.recovery_codes ?? []}
        onDone={() => send({ type: 'TWO_STEP_REQUEST', request: { call: 'codes_saved' } })}
      />
    </>
  );
}
