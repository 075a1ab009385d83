import { useLayoutEffect, useRef } from 'react';
import { Spinner } from '../../../parts/Spinner';
import { TextInput } from '../../../parts/TextInput';
import { useWidget } from '../../../widget/context';

/** The submit button's words on a phone form, by method. */
export const CONTINUE_WITH = { sms: 'continueWithText', whatsapp: 'continueWithWhatsApp' } as const;

/** Where the caret is in the form's stand-in number input, or null when the focus is elsewhere. */
export function caretIfFocused(form: HTMLFormElement | null): number | null {
  return form?.querySelector<HTMLInputElement>('input:focus')?.selectionStart ?? null;
}

/**
 * The plain tel field drawn while the phone field's code is on its way (the phone form's, then
 * libphonenumber-js's), with a spinner in it until `gaveUp`. The user can already type; what
 * replaces it takes the value over, and the focus at `focusAt` when the user was in the field.
 */
export function PhoneStandIn({
  value,
  onValue,
  error,
  gaveUp = false,
  focusAt = null,
}: {
  value: string;
  onValue(value: string): void;
  error?: string;
  gaveUp?: boolean;
  focusAt?: number | null;
}) {
  const { t } = useWidget();
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on mount; re-running it would take the focus back from wherever the user has put it since
  useLayoutEffect(() => {
    if (focusAt == null) return;
    const input = box.current?.querySelector('input');
    input?.focus();
    input?.setSelectionRange(focusAt, focusAt);
  }, []);
  return (
    <div ref={box} className="vst-phone-loading">
      <TextInput
        label={t('phoneLabel')}
        type="tel"
        name="phone"
        inputMode="tel"
        autoComplete="tel"
        required
        placeholder={t('phonePlaceholder')}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        error={error}
      />
      {gaveUp ? null : (
        <span className="vst-phone-loading-spinner" role="status">
          <Spinner />
          <span className="vst-visually-hidden">{t('loadingPhoneInput')}</span>
        </span>
      )}
    </div>
  );
}
