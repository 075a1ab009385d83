import { describe, expect, it } from 'vitest';
import type { ErrorType as CatalogueErrorType } from '@vestibule/contract';
import { errorMessages, messageForError, toErrorInfo } from '../src/error-messages.js';
import { VestibuleApiError, VestibuleSDKError, UNKNOWN_ERROR_MESSAGE } from '../src/index.js';

// Word for word: these are the texts people read.
const quoted: Partial<Record<CatalogueErrorType, string>> = {
  invalid_email: 'Email format is invalid.',
  invalid_phone_number: 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  unauthorized_credentials: 'Unauthorized credentials.',
  user_unauthenticated: 'Must have an active session to call this method. Have you logged in yet?',
  email_not_found: 'Email not found.',
  unable_to_auth_magic_link: 'This login link has already been used or has expired. Please request a new one.',
  no_user_password: 'Password not found for this user. Please try again.',
  breached_password: 'Password appears in the list of breached passwords and must be reset.',
  reset_password: 'Password must be reset.',
  oauth_token_not_found: 'OAuth Token could not be found.',
  invalid_code: 'Code format is invalid, please try again.',
  member_password_not_found: 'Member password not found.',
  unauthorized_action: 'Unauthorized action.',
  user_lock_limit_reached: 'Too many failed authentication attempts. Please try again later.',
  invalid_session_token: 'Invalid session token.',
  session_not_found: 'Session not found.',
  otp_code_not_found: 'Invalid passcode, please try again.',
  duplicate_member_phone_number: 'A member with the specified phone number already exists for this organization.',
  webauthn_registration_not_found:
    'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
};

// Paraphrased in the spec: a full sentence carrying each idea.
const paraphrased: Partial<Record<CatalogueErrorType, RegExp[]>> = {
  unsubscribed_phone_number: [/unsubscribed/i, /reply START/i, /resubscribe/i],
  inactive_email: [/inactive/i, /another/i, /admin/i],
  oauth_flow_callback_error: [/OAuth callback/i, /try/i],
  invalid_phone_number_country_code: [/country code/i, /invalid/i, /not supported|unsupported/i, /disabled/i],
};

const allCatalogueTypes = [...Object.keys(quoted), ...Object.keys(paraphrased)] as CatalogueErrorType[];

function apiError(error_type: string, error_message = 'server said so'): VestibuleApiError {
  return new VestibuleApiError({ status_code: 400, request_id: 'req-1', error_type: error_type as never, error_message });
}

describe('error catalogue', () => {
  it('covers all 23 catalogue types of the contract (the spec’s plus webauthn_registration_not_found)', () => {
    expect(allCatalogueTypes).toHaveLength(23);
    for (const type of allCatalogueTypes) expect(errorMessages).toHaveProperty(type);
  });

  it.each(Object.entries(quoted))('maps %s word for word', (type, message) => {
    expect(messageForError(apiError(type))).toBe(message);
  });

  it.each(Object.entries(paraphrased))('maps %s to a full sentence carrying its meaning', (type, patterns) => {
    const message = messageForError(apiError(type));
    expect(message).toMatch(/^[A-Z].*\.$/);
    for (const pattern of patterns ?? []) expect(message).toMatch(pattern);
  });

  it('falls back to the server error_message for an unknown error_type', () => {
    expect(messageForError(apiError('too_many_requests', 'Slow down: 10 requests a minute.'))).toBe('Slow down: 10 requests a minute.');
    expect(messageForError({ error_type: 'brand_new_type', error_message: 'Brand new.' })).toBe('Brand new.');
  });

  it('uses overrides keyed by error_type before the English text', () => {
    expect(messageForError(apiError('email_not_found'), { email_not_found: 'E-Mail nicht gefunden.' })).toBe('E-Mail nicht gefunden.');
  });

  it('handles SDK errors, plain errors and non-errors', () => {
    expect(messageForError(new VestibuleSDKError('user_unauthenticated', 'whatever'))).toBe(errorMessages.user_unauthenticated);
    expect(messageForError(new Error('boom'))).toBe('boom');
    expect(messageForError('plain text')).toBe('plain text');
    expect(messageForError(undefined)).toBe(UNKNOWN_ERROR_MESSAGE);
  });

  it('VestibuleApiError carries the response fields and a message', () => {
    const error = apiError('email_not_found', 'No user with that email.');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'VestibuleApiError',
      status_code: 400,
      request_id: 'req-1',
      error_type: 'email_not_found',
      error_message: 'No user with that email.',
      message: 'No user with that email.',
    });
  });

  it('toErrorInfo gives the widgets error_type and message', () => {
    expect(toErrorInfo(apiError('invalid_code'))).toEqual({
      error_type: 'invalid_code',
      message: 'Code format is invalid, please try again.',
    });
    expect(toErrorInfo(new Error('x'))).toEqual({ error_type: 'sdk_error', message: 'x' });
  });
});
