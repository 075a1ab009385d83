import { describe, expect, it } from 'vitest';
import { VestibuleApiError } from '@vestibule/client';
import { messageForError } from '../../src/flow/errors';
import { translateFree } from '../../src/strings/translate';

const error = (error_type: string, error_message: string) =>
  new VestibuleApiError({ status_code: 400, request_id: 'r', error_type: error_type as never, error_message });

describe('error messages the widget shows', () => {
  it('come from the catalogue by error_type, and a host may word them by error_type or by the English text', () => {
    const none = (text: string) => translateFree(text, undefined);
    expect(messageForError(error('invalid_email', 'server words'), none)).toBe('Email format is invalid.');
    const byType = (text: string) => translateFree(text, { invalid_email: 'Please check the address.' });
    expect(messageForError(error('invalid_email', 'server words'), byType)).toBe('Please check the address.');
    const byText = (text: string) => translateFree(text, { 'Email format is invalid.': 'Adresse ungültig.' });
    expect(messageForError(error('invalid_email', 'server words'), byText)).toBe('Adresse ungültig.');
    // HTTP-level types show the server's own wording (the seconds to wait, the field).
    expect(messageForError(error('too_many_requests', 'Try again in 42 seconds.'), none)).toBe('Try again in 42 seconds.');
  });
});
