import { useLayoutEffect, useRef, type ChangeEvent, type JSX } from 'react';
import type { CountryCode } from 'libphonenumber-js/min';
import { en } from '../strings/en';
import { countryOptions, optionLabel } from './countries';
import { caretAfterFormat } from './caret';
import { formatNational, formatTyped, significant } from './numbers';
import { FieldError } from '../parts/FieldError';

export interface PhoneFieldProps {
  /** id of the number <input>; the country selector gets `${id}-country`, the error `${id}-error`. */
  id: string;
  /** Visible label text of the number input, e.g. 'Phone number'. */
  label: string;
  /** Selected country; the caller chooses the default ('US'). */
  country: CountryCode;
  onCountryChange(country: CountryCode): void;
  /** What the user typed, formatted for display. */
  value: string;
  onValueChange(value: string): void;
  /** Shown under the field, wired with aria-describedby and aria-invalid. */
  error?: string;
  disabled?: boolean;
  /** Default '(123) 456-7890'. */
  placeholder?: string;
  /** Accessible name of the country selector. */
  countryLabel: string;
  /** The widget's language: the countries are named and sorted in it. */
  locale: string;
  /**
   * Where the number takes the focus and the caret on mount (null: it does not), read then: the
   * field it replaces writes it as it leaves the page, where a key typed just before still counts.
   */
  focusAt?: { readonly current: number | null };
}

/** The element with focus in the input's document or shadow root. */
function hasFocus(input: HTMLInputElement): boolean {
  const root = input.getRootNode() as Document | ShadowRoot;
  return root.activeElement === input;
}

/**
 * A country selector with dial codes and a tel input that formats the number as it is typed.
 * The selector is a native <select> (keyboard and screen-reader support for free, the platform's
 * picker on phones) laid transparently over a compact 'US +1' box, so that it and the number share
 * one row down to narrow widths; the row wraps when there is no room.
 */
export function PhoneField({
  id,
  label,
  country,
  onCountryChange,
  value,
  onValueChange,
  error,
  disabled,
  placeholder = en.phonePlaceholder,
  countryLabel,
  locale,
  focusAt,
}: PhoneFieldProps): JSX.Element {
  const inputRef = useRef<HTMLInputElement>(null);
  /** Where the caret goes once the reformatted value is rendered. */
  const pendingCaret = useRef<number | null>(null);
  const countryId = `${id}-country`;
  const errorId = `${id}-error`;
  const options = countryOptions(locale);
  const selected = options.find((option) => option.code === country);

  // On mount only: later renders leave the focus where the user puts it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on mount; re-running it when focusAt changes would take the focus back from wherever the user has put it since
  useLayoutEffect(() => {
    const at = focusAt?.current;
    if (at == null) return;
    inputRef.current?.focus();
    inputRef.current?.setSelectionRange(at, at);
  }, []);

  // On mount only: a number typed into a stand-in before this field's code arrived ('+44 20 7946
  // 0958' pasted) is formatted, and its country chosen, as if it had been typed here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on mount; later values come through onNumberChange
  useLayoutEffect(() => {
    if (!value) return;
    const next = formatTyped(value, country);
    if (next.country !== country) onCountryChange(next.country);
    if (next.value === value) return;
    pendingCaret.current = caretAfterFormat(value, focusAt?.current ?? value.length, next.value);
    onValueChange(next.value);
  }, []);

  useLayoutEffect(() => {
    const input = inputRef.current;
    const at = pendingCaret.current;
    pendingCaret.current = null;
    if (input && at !== null && hasFocus(input)) input.setSelectionRange(at, at);
  });

  function onNumberChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const typed = input.value;
    const at = input.selectionStart ?? typed.length;
    if (significant(typed) === significant(value)) {
      if (typed.length < value.length) {
        // A formatting character was deleted: keep the text as it is, or the formatter would put
        // the character straight back and trap the caret.
        onValueChange(typed);
      } else {
        // A space, a dash or a letter typed: nothing to add. Put the text and the caret back.
        const back = Math.max(0, at - (typed.length - value.length));
        input.value = value;
        input.setSelectionRange(back, back);
      }
      return;
    }
    const next = formatTyped(typed, country);
    if (next.country !== country) {
      pendingCaret.current = next.value.length;
      onCountryChange(next.country);
    } else {
      pendingCaret.current = caretAfterFormat(typed, at, next.value);
    }
    onValueChange(next.value);
  }

  function onSelectCountry(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.currentTarget.value as CountryCode;
    onCountryChange(next);
    // National digits are reformatted for the new country; an international number keeps its own.
    if (value && !significant(value).startsWith('+')) onValueChange(formatNational(value, next));
  }

  return (
    <div className="vst-field vst-phone">
      <label className="vst-label" htmlFor={id}>
        {label}
      </label>
      <div className="vst-phone-row">
        <div className={disabled ? 'vst-phone-country vst-phone-country--disabled' : 'vst-phone-country'}>
          <label className="vst-visually-hidden" htmlFor={countryId}>
            {countryLabel}
          </label>
          <select id={countryId} className="vst-phone-select" value={country} onChange={onSelectCountry} disabled={disabled}>
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {optionLabel(option)}
              </option>
            ))}
          </select>
          <span className="vst-phone-country-code" aria-hidden="true">
            {selected ? `${selected.code} +${selected.callingCode}` : country}
          </span>
          <svg className="vst-phone-chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
            <path d="M2 4.5l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
        <input
          ref={inputRef}
          id={id}
          className="vst-input vst-phone-input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required
          value={value}
          onChange={onNumberChange}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
