import { forwardRef, type ClipboardEvent, type SyntheticEvent } from 'react';

export const OTP_LENGTH = 6;

/** Digits only, at most six; any script's digits count through \d only as ASCII. */
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
 * The passcode entry: one real input (autocomplete one-time-code, so phones offer the code from
 * the message; inputMode numeric, so they show the number pad) lying invisibly over six slots
 * that only draw its value. One input keeps typing, deleting, pasting and screen readers simple,
 * where six inputs would need focus juggling and six labels; the slots are hidden from assistive
 * technology, which reads the input. No maxLength: a pasted '123 456' must reach onChange whole
 * to be cleaned.
 */
export const CodeInput = forwardRef<HTMLInputElement, CodeInputProps>(function CodeInput({ id, value, onChange, disabled, describedBy, invalid }, ref) {
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData?.getData('text') ?? '';
    if (!text) return;
    event.preventDefault();
    onChange(onlyDigits(text));
  };
  // The slots draw no caret inside the code, so the real caret stays at the end (typing adds,
  // backspace removes the last digit); selecting the whole code is kept, so typing replaces it.
  const onSelect = (event: SyntheticEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const end = input.value.length;
    const whole = input.selectionStart === 0 && input.selectionEnd === end;
    if (!whole && (input.selectionStart !== end || input.selectionEnd !== end)) input.setSelectionRange(end, end);
  };
  // The slot the next digit goes to (the last one once all are in) shows the focus.
  const current = Math.min(value.length, OTP_LENGTH - 1);
  const classes = ['vst-code', invalid ? 'vst-code--invalid' : '', disabled ? 'vst-code--disabled' : ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <div className="vst-code-slots" aria-hidden="true">
        {Array.from({ length: OTP_LENGTH }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the code's slots are a fixed list of OTP_LENGTH; the position is the slot
          <span key={i} className={i === current ? 'vst-code-slot vst-code-slot--current' : 'vst-code-slot'} data-filled={i < value.length || undefined}>
            {value[i] ?? ''}
          </span>
        ))}
      </div>
      <input
        ref={ref}
        id={id}
        className="vst-code-input"
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
        onSelect={onSelect}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        data-vst-autofocus=""
      />
    </div>
  );
});
