import { forwardRef, type ClipboardEvent } from 'react';

export const OTP_LENGTH = 6;

/** Digits only, at most six (SPEC.md section 5); any script's digits count through \d only as ASCII. */
export function onlyDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

export interface CodeInputProps {
  id: string;
  value: string;
  onChange(code: string): void;
  disabled?: boolean;
  /** id of the text that says where the code went (and of the error when there is one). */
  describedBy?: string;
  invalid?: boolean;
}

/**
 * The passcode entry: one input (autocomplete one-time-code, so phones offer the code from the
 * message; inputMode numeric, so they show the number pad), styled as six slots. One input keeps
 * typing, deleting, pasting and screen readers simple, where six boxes would need focus juggling
 * and six labels. No maxLength: a pasted '123 456' must reach onChange whole to be cleaned.
 */
export const CodeInput = forwardRef<HTMLInputElement, CodeInputProps>(function CodeInput(
  { id, value, onChange, disabled, describedBy, invalid },
  ref,
) {
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData?.getData('text') ?? '';
    if (!text) return;
    event.preventDefault();
    onChange(onlyDigits(text));
  };
  return (
    <input
      ref={ref}
      id={id}
      className="vst-input vst-code-input"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      spellCheck={false}
      required
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(onlyDigits(event.target.value))}
      onPaste={onPaste}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      data-vst-autofocus=""
    />
  );
});
