import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense, lazy, useState } from 'react';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import PhoneFieldDefault, { PhoneField, type CountryCode, type PhoneFieldProps } from '../../src/phone';
import { expectNoAxeViolations } from '../helpers';

afterEach(cleanup);

type HarnessProps = Partial<PhoneFieldProps> & { initialCountry?: CountryCode; initialValue?: string };

/** The field as a caller uses it: country and value held in state, with spies on both callbacks. */
function Harness({ initialCountry = 'US', initialValue = '', onCountryChange, onValueChange, ...rest }: HarnessProps) {
  const [country, setCountry] = useState<CountryCode>(initialCountry);
  const [value, setValue] = useState(initialValue);
  return (
    <PhoneField
      id="phone"
      label="Phone number"
      countryLabel="Country"
      locale="en"
      country={country}
      value={value}
      onCountryChange={(next) => {
        onCountryChange?.(next);
        setCountry(next);
      }}
      onValueChange={(next) => {
        onValueChange?.(next);
        setValue(next);
      }}
      {...rest}
    />
  );
}

function renderField(props: HarnessProps = {}) {
  const onCountryChange = vi.fn();
  const onValueChange = vi.fn();
  const view = render(<Harness onCountryChange={onCountryChange} onValueChange={onValueChange} {...props} />);
  const input = screen.getByLabelText('Phone number') as HTMLInputElement;
  const select = screen.getByLabelText(props.countryLabel ?? 'Country') as HTMLSelectElement;
  return { ...view, input, select, onCountryChange, onValueChange };
}

const setNativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

/** The browser's edit: the new text with the caret at `caret` (default: the end), then the input event. */
function edit(input: HTMLInputElement, text: string, caret = text.length) {
  input.focus();
  setNativeValue.call(input, text);
  input.setSelectionRange(caret, caret);
  fireEvent.input(input);
}

/** Types the characters one at a time at the end of the field, as a keyboard would. */
function typeChars(input: HTMLInputElement, chars: string): string[] {
  const seen: string[] = [];
  for (const char of chars) {
    edit(input, input.value + char);
    seen.push(input.value);
  }
  return seen;
}

/** Deletes the character before the caret, as Backspace would. */
function backspace(input: HTMLInputElement, caret = input.value.length) {
  edit(input, input.value.slice(0, caret - 1) + input.value.slice(caret), caret - 1);
}

describe('PhoneField', () => {
  it('has no accessibility violations, empty and with an error', async () => {
    const { container } = renderField();
    await expectNoAxeViolations(container);
    cleanup();
    const withError = renderField({ initialValue: '(202) 555', error: 'Phone number format is invalid. Ensure the phone number is in the E.164 format.' });
    await expectNoAxeViolations(withError.container);
  });

  it('labels both controls and sets up the number input for phone numbers', () => {
    const { input, select } = renderField();
    expect(input.id).toBe('phone');
    expect(input.type).toBe('tel');
    expect(input.getAttribute('inputmode')).toBe('tel');
    expect(input.getAttribute('autocomplete')).toBe('tel-national');
    expect(input.placeholder).toBe('(123) 456-7890');
    expect(input.required).toBe(true);
    expect(select.tagName).toBe('SELECT');
    expect(select.id).toBe('phone-country');
    expect(screen.getByRole('combobox', { name: 'Country' })).toBe(select);
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toBe(input);
    // Keyboard order: the country first, then the number.
    expect(select.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('takes the placeholder and the country selector name from props', () => {
    const { input, select } = renderField({ placeholder: '020 7946 0958', countryLabel: 'Land' });
    expect(input.placeholder).toBe('020 7946 0958');
    expect(screen.getByRole('combobox', { name: 'Land' })).toBe(select);
  });

  it('selects US by default and shows its dial code in the box', () => {
    const { select, container } = renderField();
    expect(select.value).toBe('US');
    expect(select.selectedOptions[0]?.textContent).toBe('United States (+1)');
    expect(container.querySelector('.vst-phone-country-code')?.textContent).toBe('US +1');
  });

  it('selects the country passed in', () => {
    const { select, container } = renderField({ initialCountry: 'GB' });
    expect(select.value).toBe('GB');
    expect(select.selectedOptions[0]?.textContent).toBe('United Kingdom (+44)');
    expect(container.querySelector('.vst-phone-country-code')?.textContent).toBe('GB +44');
  });

  it('lists every country with its dial code, named in English and sorted by name', () => {
    const { select } = renderField();
    const labels = Array.from(select.options, (option) => option.textContent ?? '');
    expect(labels.length).toBeGreaterThan(200);
    expect(labels).toEqual(expect.arrayContaining(['United States (+1)', 'United Kingdom (+44)', 'Germany (+49)', 'Canada (+1)', 'Japan (+81)']));
    for (const label of labels) expect(label).toMatch(/^.+ \(\+\d{1,3}\)$/);
    const names = labels.map((label) => label.replace(/ \(\+\d+\)$/, ''));
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    expect(select.options[0]?.textContent).toBe('Afghanistan (+93)');
  });

  it('formats to the national format as the number is typed', () => {
    const { input, onValueChange } = renderField();
    const seen = typeChars(input, '2025550123');
    expect(seen).toEqual(['2', '20', '(202)', '(202) 5', '(202) 55', '(202) 555', '(202) 555-0', '(202) 555-01', '(202) 555-012', '(202) 555-0123']);
    expect(onValueChange).toHaveBeenLastCalledWith('(202) 555-0123');
  });

  it('formats a pasted national number', () => {
    const { input } = renderField();
    edit(input, '202.555.0123');
    expect(input.value).toBe('(202) 555-0123');
  });

  it('takes over a number typed into a stand-in before it loaded: formatted, and its country chosen', () => {
    const { input, onCountryChange } = renderField({ initialValue: '+44 20 7946 0958' });
    expect(input.value).toBe('020 7946 0958');
    expect(onCountryChange).toHaveBeenCalledWith('GB');
    expect(screen.getByLabelText<HTMLSelectElement>('Country').value).toBe('GB');
  });

  it('formats for the selected country', () => {
    const { input } = renderField({ initialCountry: 'GB' });
    edit(input, '02079460958');
    expect(input.value).toBe('020 7946 0958');
  });

  it('lets Backspace delete a formatting character instead of putting it back', () => {
    const { input } = renderField();
    typeChars(input, '202');
    expect(input.value).toBe('(202)');
    backspace(input);
    expect(input.value).toBe('(202');
    backspace(input);
    expect(input.value).toBe('20');
    backspace(input);
    backspace(input);
    expect(input.value).toBe('');
  });

  it('deletes a whole number back to empty, one Backspace at a time', () => {
    const { input } = renderField({ initialValue: '(202) 555-0123' });
    for (let i = 0; i < 40 && input.value; i++) backspace(input);
    expect(input.value).toBe('');
  });

  it('keeps the caret after the same digit when a digit in the middle is deleted or inserted', () => {
    const { input } = renderField({ initialValue: '(202) 555-0123' });
    // Delete the first '5' (index 6): caret was at 7.
    backspace(input, 7);
    expect(input.value).toBe('(202) 550-123');
    expect(input.selectionStart).toBe(6);
    // Type it back at the same place.
    edit(input, '(202) ' + '5' + '550-123', 7);
    expect(input.value).toBe('(202) 555-0123');
    expect(input.selectionStart).toBe(7);
  });

  it('ignores letters and typed formatting characters', () => {
    const { input, onValueChange } = renderField({ initialValue: '(202) 555' });
    edit(input, '(202) 555a');
    expect(input.value).toBe('(202) 555');
    edit(input, '(202) 555-');
    expect(input.value).toBe('(202) 555');
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('switches the country and shows the national format when an international number is pasted', () => {
    const { input, select, onCountryChange, container } = renderField();
    edit(input, '+44 20 7946 0958');
    expect(onCountryChange).toHaveBeenCalledWith('GB');
    expect(select.value).toBe('GB');
    expect(input.value).toBe('020 7946 0958');
    expect(container.querySelector('.vst-phone-country-code')?.textContent).toBe('GB +44');
  });

  it('switches the country once a typed international number is complete', () => {
    const { input, select } = renderField({ initialCountry: 'GB' });
    const seen = typeChars(input, '+12025550123');
    expect(seen.slice(0, 4)).toEqual(['+', '+1', '+1 2', '+1 20']);
    expect(select.value).toBe('US');
    expect(input.value).toBe('(202) 555-0123');
  });

  it('reformats the digits for a newly chosen country', () => {
    const { input, select, onCountryChange } = renderField({ initialValue: '(207) 946-0958' });
    fireEvent.change(select, { target: { value: 'GB' } });
    expect(onCountryChange).toHaveBeenCalledWith('GB');
    expect(select.value).toBe('GB');
    expect(input.value).toBe('2079460958');
  });

  it('wires the error to the number input', () => {
    const message = 'Phone number format is invalid. Ensure the phone number is in the E.164 format.';
    const { input } = renderField({ error: message });
    const error = screen.getByText(message);
    expect(error.id).toBe('phone-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('phone-error');
  });

  it('has no error attributes without an error', () => {
    const { input, container } = renderField();
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(container.querySelector('.vst-field-error')).toBeNull();
  });

  it('disables both controls', () => {
    const { input, select } = renderField({ disabled: true });
    expect(input.disabled).toBe(true);
    expect(select.disabled).toBe(true);
  });

  it('loads with React.lazy through the default export', async () => {
    expect(PhoneFieldDefault).toBe(PhoneField);
    const LazyPhoneField = lazy(() => import('../../src/phone'));
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <LazyPhoneField
            id="lazy"
            label="Phone number"
            countryLabel="Country"
            locale="en"
            country="US"
            onCountryChange={() => undefined}
            value=""
            onValueChange={() => undefined}
          />
        </Suspense>,
      );
    });
    expect(await screen.findByRole('textbox', { name: 'Phone number' })).toBeTruthy();
  });
});

describe('the phone module stays a lazy chunk', () => {
  const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
  const outside: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !relative(src, path).startsWith('phone')) outside.push(path);
    }
  };
  walk(src);
  /** Files with a static import (types aside) of `target`. */
  const staticImporters = (target: string) =>
    outside.filter((file) => new RegExp(`^\\s*(import|export)\\s+(?!type\\b)[^;]*?from\\s+['"]${target}['"]`, 'm').test(readFileSync(file, 'utf8')));

  it('no file outside src/phone imports libphonenumber-js statically', () => {
    expect(outside.length).toBeGreaterThan(10);
    expect(staticImporters('libphonenumber-js[^\'"]*')).toEqual([]);
  });

  it('no file outside src/phone imports the phone module statically (import() it instead)', () => {
    expect(staticImporters('(\\.\\.?/)+phone(/[^\'"]*)?')).toEqual([]);
  });
});
