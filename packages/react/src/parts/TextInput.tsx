import { useId, type InputHTMLAttributes } from 'react';
import { FieldError } from './FieldError';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> {
  label: string;
  /** Shown under the field, tied to it with aria-describedby and aria-invalid. */
  error?: string | null;
}

export function TextInput({ label, error, ...rest }: TextInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="vst-field">
      <label className="vst-label" htmlFor={id}>
        {label}
      </label>
      <input {...rest} id={id} className="vst-input" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
