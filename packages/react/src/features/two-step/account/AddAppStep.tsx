import { useState, type FormEvent } from 'react';
import type { AccountTotpEnrolResponse, TotpCreateResponse } from '@vestibule/contract';
import { Step } from '../../../account/Step';
import type { Action } from '../../../account/useAction';
import { Button } from '../../../parts/Button';
import { TextInput } from '../../../parts/TextInput';
import { useWidget } from '../../../widget/context';
import { QrCode } from '../parts/QrCode';
import { SecretKey } from '../parts/SecretKey';
import { twoStepChanges } from './changes';
import { texts } from './texts';

/** The code as apps show it may have a space in the middle ('123 456'): six digits once spaces are gone. */
const sixDigits = (typed: string): string | null => {
  const code = typed.replace(/\s/g, '');
  return /^\d{6}$/.test(code) ? code : null;
};

/**
 * 'Add authenticator app', the step: the QR code of the new key, the key to type instead, and the
 * app's first code, which turns it on ('Turn on', or Enter). A code that is not six digits is
 * refused here, under the field; the server's refusals show there too. A key older than the server
 * keeps (totp_enrolment_not_started) offers 'Start again', a new key. The title takes the focus:
 * the code and the key come before the field.
 */
export function AddAppStep({
  appKey,
  action,
  onTurnedOn,
  onStartAgain,
  onCancel,
}: {
  appKey: TotpCreateResponse;
  action: Action;
  onTurnedOn(answer: AccountTotpEnrolResponse): void;
  onStartAgain(): void;
  onCancel(): void;
}) {
  const { free } = useWidget();
  const [typed, setTyped] = useState('');
  const [shapeError, setShapeError] = useState<string | null>(null);
  const expired = action.state.kind === 'failed' && action.state.error.error_type === 'totp_enrolment_not_started';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (action.pending || expired) return;
    const code = sixDigits(typed);
    setShapeError(code ? null : free(texts.codeShape));
    if (code) action.run(twoStepChanges(free).enrol(code, onTurnedOn));
  };

  return (
    <Step title={free(texts.add)} focusTitle>
      <p className="vst-text">{free(texts.scan)}</p>
      <QrCode text={appKey.otpauth_uri} />
      <SecretKey secret={appKey.secret} />
      <form className="vst-form" onSubmit={submit} noValidate>
        <TextInput
          label={free(texts.codeLabel)}
          name="totp-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setShapeError(null);
          }}
          error={shapeError ?? action.fieldError}
        />
        {expired ? (
          <Button onClick={onStartAgain}>{free(texts.startAgain)}</Button>
        ) : (
          <Button type="submit" loading={action.pending}>
            {free(texts.turnOn)}
          </Button>
        )}
        <Button variant="text" onClick={onCancel}>
          {free(texts.cancel)}
        </Button>
      </form>
    </Step>
  );
}
