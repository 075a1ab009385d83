import { type RefObject, useLayoutEffect, useRef } from 'react';
import { Spinner } from '../../../parts/Spinner';
import { TextInput } from '../../../parts/TextInput';
import { useWidget } from '../../../widget/context';

/** The submit button's words on a phone form, by method. */
export const CONTINUE_WITH = { sms: 'continueWithText', whatsapp: 'continueWithWhatsApp' } as const;

/** How long the stand-in shows its spinner while the code of what replaces it is on its way. */
export const PHONE_TYPING_TIMEOUT_MS = 10_000;

/**
 * The plain tel field drawn while the phone field's code is on its way (the phone form's, then
 * libphonenumber-js's), with a spinner in it until `gaveUp`. The user can already type: what
 * replaces it takes the value over, and the focus at the caret, which the stand-in writes to
 * `caret` as it leaves the page (null when the focus was elsewhere), so a key typed at that very
 * moment still counts. It takes the focus at `caret` itself as it shows, when a field before it left
 * one there.
 */
export function PhoneStandIn({
  value,
  onValue,
  error,
  gaveUp = false,
  caret,
}: {
  value: string;
  onValue(value: string): void;
  error?: string;
  gaveUp?: boolean;
  caret: RefObject<number | null>;
}) {
  const { t } = useWidget();
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount and as it leaves only; in between the focus is the user's
  useLayoutEffect(() => {
    const input = box.current?.querySelector('input');
    const at = caret.current;
    if (input && at != null) {
      input.focus();
      input.setSelectionRange(at, at);
    }
    // Layout effects are cleaned up before the element leaves the document: the caret is still there.
    return () => {
      caret.current = input?.matches(':focus') ? input.selectionStart : null;
    };
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
