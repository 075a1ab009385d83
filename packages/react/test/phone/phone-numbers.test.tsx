import { describe, expect, it } from 'vitest';
import { callingCode, parsePhone, rawInternational } from '../../src/phone';
import { caretAfterFormat } from '../../src/phone/caret';
import { formatTyped } from '../../src/phone/numbers';

describe('parsePhone', () => {
  it.each([
    ['(202) 555-0123', 'US', '+12025550123'],
    ['2025550123', 'US', '+12025550123'],
    ['1 (202) 555-0123', 'US', '+12025550123'],
    ['(613) 555-0123', 'CA', '+16135550123'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['07400 123456', 'GB', '+447400123456'],
    ['030 12345678', 'DE', '+493012345678'],
    ['06 12 34 56 78', 'FR', '+33612345678'],
    ['090-1234-5678', 'JP', '+819012345678'],
    ['+44 20 7946 0958', 'US', '+442079460958'],
  ] as const)('%s in %s is valid: %s', (value, country, e164) => {
    expect(parsePhone(value, country)).toMatchObject({ valid: true, e164 });
  });

  it.each([
    ['07911 123456', 'GB', '+447911123456', '+44 7911 123456'],
    ['020 7946 0958', 'GB', '+442079460958', '+44 20 7946 0958'],
    ['(202) 555-0123', 'US', '+12025550123', '+1 202 555 0123'],
    ['030 12345678', 'DE', '+493012345678', '+49 30 12345678'],
    ['+44 07911 123456', 'US', '+447911123456', '+44 7911 123456'],
  ] as const)('%s in %s is shown in international form, without the trunk 0: %s', (value, country, e164, international) => {
    expect(parsePhone(value, country)).toEqual({ valid: true, e164, international });
  });

  it('when the parser throws, the number is treated as valid: the country code plus the raw number', () => {
    const throwing = () => {
      throw new Error('metadata missing');
    };
    expect(parsePhone('07911 123456', 'GB', throwing)).toEqual({
      valid: true,
      e164: '+4407911123456',
      international: '+4407911123456',
      fallback: true,
    });
    expect(parsePhone('+1 (202) 555-0123', 'GB', throwing)).toMatchObject({ valid: true, e164: '+12025550123' });
  });

  it('a parser that answers but finds the number invalid still refuses it', () => {
    expect(parsePhone('07911 123456', 'GB', () => undefined)).toEqual({ valid: false });
  });

  it.each([
    ['', 'US'],
    ['abc', 'US'],
    ['12', 'US'],
    ['555-0123', 'US'],
    ['(123) 456-7890', 'US'],
    ['(202) 555-01234', 'US'],
    ['020 7946', 'GB'],
    ['2025550123', 'GB'],
    ['+1 202 555', 'GB'],
  ] as const)('%s in %s is invalid', (value, country) => {
    expect(parsePhone(value, country)).toEqual({ valid: false });
  });
});

describe('rawInternational', () => {
  it("is '+', the country's calling code and the digits typed", () => {
    expect(rawInternational('(202) 555-0123', 'US')).toBe('+12025550123');
    expect(rawInternational('020 7946 0958', 'GB')).toBe('+4402079460958');
    expect(rawInternational('555-0123', 'US')).toBe('+15550123');
    expect(rawInternational('', 'DE')).toBe('+49');
  });

  it('keeps the calling code of a number typed with its own +', () => {
    expect(rawInternational('+44 20 7946 0958', 'US')).toBe('+442079460958');
  });
});

describe('callingCode', () => {
  it.each([
    ['US', '1'],
    ['CA', '1'],
    ['GB', '44'],
    ['DE', '49'],
    ['IN', '91'],
    ['BR', '55'],
    ['AG', '1'],
  ] as const)('%s -> %s', (country, code) => {
    expect(callingCode(country)).toBe(code);
  });
});

describe('formatTyped', () => {
  it('formats national digits for the selected country', () => {
    expect(formatTyped('2025550123', 'US')).toEqual({ value: '(202) 555-0123', country: 'US' });
    expect(formatTyped('', 'US')).toEqual({ value: '', country: 'US' });
  });

  it('keeps an incomplete international number international and the country as it is', () => {
    expect(formatTyped('+4420', 'US')).toEqual({ value: '+44 20', country: 'US' });
  });

  it("switches to a complete international number's country, in national format", () => {
    expect(formatTyped('+44 20 7946 0958', 'US')).toEqual({ value: '020 7946 0958', country: 'GB' });
    expect(formatTyped('+1 202 555 0123', 'US')).toEqual({ value: '(202) 555-0123', country: 'US' });
  });
});

describe('caretAfterFormat', () => {
  it('keeps the caret after the same digit', () => {
    expect(caretAfterFormat('(202) 50-123', 6, '(202) 501-23')).toBe(6);
    expect(caretAfterFormat('2025', 2, '(202) 5')).toBe(3);
    expect(caretAfterFormat('(2025', 0, '(202) 5')).toBe(0);
  });

  it('keeps a caret at the end at the end', () => {
    expect(caretAfterFormat('202', 3, '(202)')).toBe(5);
  });
});
