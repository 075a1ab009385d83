import { type ReactNode, useEffect, useRef } from 'react';
import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { Loading } from '../../../parts/Loading';
import { useWidget } from '../../../widget/context';
import { QrCode } from '../parts/QrCode';
import { SecretKey } from '../parts/SecretKey';
import { texts } from '../texts';
import { CodeField } from './CodeField';
import { Header } from './Header';
import { StartAgain, stepError } from './StepError';

const CREATE = { type: 'TWO_STEP_REQUEST', request: { call: 'create' } } as const;

/**
 * 'Set up two-step verification': the project requires it and this user has none yet, so the
 * sign-in adds an authenticator app before any session exists. The key is asked for when the
 * step shows; then its QR code and the key to type, and the app's first code turns it on.
 */
export function Enrol({ focus }: { focus: boolean }) {
  const { t, free } = useWidget();
  const { state, send } = useFlow();
  const key = state.twoStep?.key ?? null;
  const { message, expired } = stepError(state);
  // Once, when the step shows (React's strict mode runs effects twice).
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    send(CREATE);
  }, [send]);
  let body: ReactNode;
  if (key) {
    body = (
      <>
        <p className="vst-text">{free(texts.enrolIntro)}</p>
        <QrCode text={key.otpauth_uri} />
        <SecretKey secret={key.secret} />
        <CodeField
          label={free(texts.enrolCode)}
          error={message}
          disabled={expired}
          pending={state.pending}
          onCode={(code) => send({ type: 'TWO_STEP_REQUEST', request: { call: 'enrol', code } })}
        />
      </>
    );
  } else if (message) {
    // No key: the reason, and a new try (unless the sign-in itself is gone).
    body = (
      <>
        <p className="vst-field-error" role="alert">
          {message}
        </p>
        {expired ? null : (
          <Button variant="secondary" onClick={() => send(CREATE)}>
            {t('tryAgain')}
          </Button>
        )}
      </>
    );
  } else body = <Loading />;
  return (
    <>
      <Header title={texts.enrolHeading} focus={focus} />
      {body}
      {expired ? <StartAgain /> : null}
    </>
  );
}
