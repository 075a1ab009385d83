import { useFlow } from '../../../flow/FlowContext';
import { useWidget } from '../../../widget/context';
import { texts } from '../texts';
import { CodeField } from './CodeField';
import { Header } from './Header';
import { StartAgain, stepError } from './StepError';

/** 'Two-step verification': the code the authenticator app shows now, or a recovery code instead. */
export function AppCode({ focus }: { focus: boolean }) {
  const { free } = useWidget();
  const { state, send } = useFlow();
  const { message, expired } = stepError(state);
  return (
    <>
      <Header title={texts.heading} focus={focus} />
      <CodeField
        label={free(texts.appCode)}
        error={message}
        disabled={expired}
        pending={state.pending}
        onCode={(code) => send({ type: 'TWO_STEP_REQUEST', request: { call: 'code', code } })}
      />
      {expired ? (
        <StartAgain />
      ) : (
        <p className="vst-text">
          <button
            type="button"
            className="vst-link-button"
            disabled={state.pending}
            onClick={() => send({ type: 'TWO_STEP_CHANGED', change: { recovery: true } })}
          >
            {free(texts.useRecoveryCode)}
          </button>
        </p>
      )}
    </>
  );
}
