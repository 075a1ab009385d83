import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  variant?: 'primary' | 'secondary' | 'text';
  /** Disabled with a spinner while a request is in flight. */
  loading?: boolean;
  children: ReactNode;
}

export function Button({ variant = 'primary', loading = false, disabled, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button {...rest} type={type} className={`vst-button vst-button--${variant}`} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading ? <Spinner /> : null}
      <span>{children}</span>
    </button>
  );
}
