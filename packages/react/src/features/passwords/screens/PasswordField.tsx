import { useId, useState, type InputHTMLAttributes } from 'react';
import { FieldError } from '../../../parts/FieldError';
import { useWidget } from '../../../widget/context';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id' | 'type'> {
  label: string;
  error?: string | null;
  /** Ids of further texts describing the field (the strength feedback). */
  describedBy?: string;
}

/** A password input with a show/hide toggle (a button with aria-pressed) and an error under it. */
export function PasswordField({ label, error, describedBy, ...rest }: PasswordFieldProps) {
  const { t } = useWidget();
  const id = useId();
  const errorId = `${id}-error`;
  const [shown, setShown] = useState(false);
  const described = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="vst-field">
      <label className="vst-label" htmlFor={id}>
        {label}
      </label>
      <div className="vst-password-row">
        <input
          {...rest}
          id={id}
          type={shown ? 'text' : 'password'}
          className="vst-input vst-password-input"
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
        <button type="button" className="vst-password-toggle" aria-label={t('showPassword')} aria-pressed={shown} onClick={() => setShown((v) => !v)}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="2" />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
            {shown ? null : <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
          </svg>
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
