import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL_FORMAT_MESSAGE, INVALID_EMAIL_OTP_MESSAGE, INVALID_PHONE_NUMBER_MESSAGE, isValidEmail } from '../src/index.js';
import { randomId, RANDOM_ID_LENGTH } from '../src/random-id.js';

describe('validation', () => {
  it.each(['ada@example.com', 'a.b+tag@sub.example.co.uk', "o'brien@example.io", 'x_y-z@e-xample.org'])('accepts %s', (email) =>
    expect(isValidEmail(email)).toBe(true),
  );

  it.each([
    '',
    'plain',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@@example.com',
    'ada example@example.com',
    'ada@exa mple.com',
    '.ada@example.com',
    'ada..b@example.com',
    'ada@-example.com',
    'ada@example.c',
    `${'a'.repeat(65)}@example.com`,
  ])('rejects %j', (email) => expect(isValidEmail(email)).toBe(false));

  it('exports the form messages word for word', () => {
    expect(INVALID_EMAIL_OTP_MESSAGE).toBe('Invalid email address.');
    expect(INVALID_EMAIL_FORMAT_MESSAGE).toBe('Email format is invalid.');
    expect(INVALID_PHONE_NUMBER_MESSAGE).toBe('Phone number format is invalid. Ensure the phone number is in the E.164 format.');
  });
});

describe('random ids', () => {
  it('are 21 URL-safe characters and differ', () => {
    const ids = new Set(Array.from({ length: 200 }, () => randomId()));
    expect(RANDOM_ID_LENGTH).toBe(21);
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{21}$/);
  });
});
