import { useState, type FormEvent } from 'react';
import { useAction } from '../../../account/useAction';
import type { ConfirmStepProps } from '../../../flow/feature';
import { sessionDuration } from '../../../flow/session';
import { Button } from '../../../parts/Button';
import { TextInput } from '../../../parts/TextInput';
import { useWidget } from '../../../widget/context';
import { CodeField } from '../screens/CodeField';
import { texts } from '../texts';

/**
 * Confirming it is you with the second step, on the same session: the code the authenticator app
 * shows now (sent at the sixth digit, as at sign-in), or one of the recovery codes instead. With
 * the app on, the server asks for this before turning it off, new recovery codes or a passkey: a
 * first factor signed in again does not do. A refused code shows under its field (announced); the
 * entry takes the focus when it appears, and again after a refusal.
 */
export default function AppConfirm({ onConfirmed, onCancel }: ConfirmStepProps) {
  const { t, free, config } = useWidget();
  const action = useAction();
  const [recovery, setRecovery] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState('');
  const session_duration_minutes = sessionDuration(config);

  /** To the other kind of code: what was said of this one goes. */
  const switchTo = (toRecovery: boolean) => {
    action.cancel();
    setRecovery(toRecovery);
  };

  const submitRecoveryCode = (event: FormEvent) => {
    event.preventDefault();
    const typed = recoveryCode.trim();
    if (typed === '' || action.pending) return;
    action.run({
      call: (client) => client.twoStep.confirmWithRecoveryCode({ recovery_code: typed, session_duration_minutes }),
      field: true,
      done: onConfirmed,
    });
  };

  return (
    <>
      {recovery ? (
        <form className="vst-form" onSubmit={submitRecoveryCode} noValidate>
          <p className="vst-text">{free(texts.recoveryIntro)}</p>
          <TextInput
            label={free(texts.recoveryCode)}
            name="recovery-code"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            autoFocus
            value={recoveryCode}
            onChange={(event) => setRecoveryCode(event.target.value)}
            error={action.fieldError}
          />
          <Button type="submit" loading={action.pending}>
            {t('continue')}
          </Button>
        </form>
      ) : (
        <CodeField
          label={free(texts.appCode)}
          error={action.fieldError}
          pending={action.pending}
          autoFocus
          onCode={(code) => action.run({ call: (client) => client.twoStep.confirm({ code, session_duration_minutes }), field: true, done: onConfirmed })}
        />
      )}
      <p className="vst-text">
        <button type="button" className="vst-link-button" disabled={action.pending} onClick={() => switchTo(!recovery)}>
          {free(recovery ? texts.useApp : texts.useRecoveryCode)}
        </button>
      </p>
      <Button variant="text" onClick={onCancel}>
        {t('back')}
      </Button>
    </>
  );
}
