import { useEffect, useRef, useState } from 'react';
import type { VestibuleClient } from '@vestibule/client';
import type { OtpLoginOrCreateResponse } from '@vestibule/contract';
import { useAction } from '../../../account/useAction';
import type { ConfirmStepProps } from '../../../flow/feature';
import { sessionDuration } from '../../../flow/session';
import { CodeStep } from '../../../passcode/CodeStep';
import { Button } from '../../../parts/Button';
import { Loading } from '../../../parts/Loading';
import { useWidget } from '../../../widget/context';
import { passcodeChoice } from './choices';
import { passcodeLocale } from '../../../widget/passcode-locale';

/**
 * Confirming it is you with a passcode: sent at once to the address or number chosen (the login's
 * passcode routes, with the same session), then its entry; the sign-in adds its factor to the session.
 */
export default function PasscodeConfirm({ choice, onConfirmed, onCancel }: ConfirmStepProps) {
  const { t, config, locale } = useWidget();
  const action = useAction();
  const { run } = action;
  const [methodId, setMethodId] = useState<string | null>(null);
  const { channel, destination } = passcodeChoice(choice);

  const options = { locale: passcodeLocale({ config, locale }) };
  const send = () =>
    run({
      call: (client: VestibuleClient): Promise<OtpLoginOrCreateResponse> =>
        channel === 'email' ? client.otps.email.loginOrCreate(destination, options) : client.otps.sms.loginOrCreate(destination, options),
      field: true,
      done: (sent) => setMethodId(sent.method_id),
    });
  // The choice's button said where the code goes: it goes as soon as the step shows, once (React's
  // strict mode runs effects twice).
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step shows (a new choice is a new step)
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    send();
  }, []);

  if (methodId === null) {
    if (action.state.kind !== 'failed') return <Loading />;
    return (
      <>
        <p className="vst-field-error" role="alert">
          {action.state.message}
        </p>
        <Button variant="secondary" onClick={send}>
          {t('tryAgain')}
        </Button>
        <Button variant="text" onClick={onCancel}>
          {t('back')}
        </Button>
      </>
    );
  }
  return (
    <CodeStep
      destination={destination}
      phone={channel === 'sms'}
      pending={action.pending}
      error={action.fieldError}
      onCode={(code) =>
        run({
          call: (client) => client.otps.authenticate(code, methodId, { session_duration_minutes: sessionDuration(config) }),
          field: true,
          done: onConfirmed,
        })
      }
      onResend={send}
      onCancel={onCancel}
      cancelLabel={t('back')}
    />
  );
}
