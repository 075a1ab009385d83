import { useFlow } from '../../../flow/FlowContext';
import { useWidget } from '../../../widget/context';
import { texts } from '../texts';
import { CodeField } from './CodeField';
import { Header } from './Header';
import { OtherWay, stepError } from './StepError';

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
      <OtherWay text={texts.useRecoveryCode} recovery={true} expired={expired} />
    </>
  );
}
