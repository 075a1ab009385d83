import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { FieldError } from '../../../parts/FieldError';
import { useWidget } from '../../../widget/context';
import { texts } from '../texts';
import { Header } from './Header';
import { OtherWay, stepError } from './StepError';

/**
 * 'Two-step verification' with a recovery code (abcd-efgh; the server ignores case, spaces and
 * the dash), for someone without their app; back to the app's code. A refused code stays, selected,
 * to be corrected or typed over.
 */
export function RecoveryCode({ focus }: { focus: boolean }) {
  const { t, free } = useWidget();
  const { state, send } = useFlow();
  const { message, expired } = stepError(state);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  useLayoutEffect(() => {
    if (!message) return;
    input.current?.focus();
    input.current?.select();
  }, [message]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (typed !== '' && !state.pending) send({ type: 'TWO_STEP_REQUEST', request: { call: 'recovery_code', code: typed } });
  };
  const errorId = `${id}-error`;
  return (
    <>
      <Header title={texts.heading} focus={focus} />
      <p className="vst-text">{free(texts.recoveryIntro)}</p>
      <form className="vst-form" onSubmit={submit} noValidate>
        <div className="vst-field">
          <label className="vst-label" htmlFor={id}>
            {free(texts.recoveryCode)}
          </label>
          <input
            ref={input}
            id={id}
            className="vst-input"
            type="text"
            name="recovery-code"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            value={code}
            disabled={expired}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? errorId : undefined}
          />
          <FieldError id={errorId} message={message} />
        </div>
        {expired ? null : (
          <Button type="submit" loading={state.pending}>
            {t('continue')}
          </Button>
        )}
      </form>
      <OtherWay text={texts.useApp} recovery={false} expired={expired} />
    </>
  );
}
