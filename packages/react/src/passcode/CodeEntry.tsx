import { forwardRef } from 'react';
import { Destination } from '../parts/Destination';
import { useWidget } from '../widget/context';
import { CodeInput } from './CodeInput';

export interface CodeEntryProps {
  /** Its elements' ids start with it (`${id}-sent-to`, `${id}-code`, `${id}-error`), for the caller to point at them. */
  id: string;
  /** Where the code went, as the person reads it (an address, a number in international form). */
  destination: string;
  phone: boolean;
  value: string;
  onChange(code: string): void;
  disabled?: boolean;
  /** Why the last code was refused, under the entry. */
  error: string | null;
  /** The code is being checked: a bar under the entry says so. */
  pending: boolean;
}

/**
 * Where the code went, then the 6-digit entry described by it (and by the refusal under it, when
 * there is one), then the verifying bar: the same on the login's OTPAuthenticate and on the account
 * page's CodeStep, which add resend and their own way out.
 */
export const CodeEntry = forwardRef<HTMLInputElement, CodeEntryProps>(function CodeEntry(
  { id, destination, phone, value, onChange, disabled, error, pending },
  ref,
) {
  const { t, tr } = useWidget();
  const sentTo = `${id}-sent-to`;
  const errorId = `${id}-error`;
  return (
    <>
      <p className="vst-text" id={sentTo}>
        {tr('passcodeSentTo', { destination: <Destination value={destination} phone={phone} /> })}
      </p>
      <div className="vst-field">
        <label className="vst-label" htmlFor={`${id}-code`}>
          {t('passcodeLabel')}
        </label>
        <CodeInput
          ref={ref}
          id={`${id}-code`}
          value={value}
          onChange={onChange}
          disabled={disabled}
          invalid={Boolean(error)}
          describedBy={error ? `${sentTo} ${errorId}` : sentTo}
        />
        {error ? (
          <p className="vst-field-error" id={errorId} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {pending ? (
        <div className="vst-progress" role="progressbar" aria-label={t('verifyingPasscode')}>
          <div className="vst-progress-bar" />
        </div>
      ) : null}
    </>
  );
});
