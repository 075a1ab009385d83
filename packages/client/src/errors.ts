import type { ErrorResponse } from '@vestibule/contract';
import { errorCatalogue, isUserFacingErrorType, type ErrorType } from '@vestibule/contract/errors';
import type { VestibuleErrorInfo } from './types.js';

/** error_type of a VestibuleApiError made by the client when no answer came back. */
export type NetworkErrorType = 'network_error';

/** Every error_type a client error can carry. */
export type ClientErrorType = ErrorType | NetworkErrorType | 'sdk_error';

/** A non-2xx answer from the server (or no answer at all: error_type 'network_error', status_code 0). */
export class VestibuleApiError extends Error {
  override readonly name = 'VestibuleApiError';
  readonly status_code: number;
  readonly request_id: string;
  readonly error_type: ErrorType | NetworkErrorType;
  readonly error_message: string;

  constructor(body: {
    status_code: number;
    request_id: string;
    error_type: ErrorType | NetworkErrorType;
    error_message: string;
  }) {
    super(body.error_message);
    this.status_code = body.status_code;
    this.request_id = body.request_id;
    this.error_type = body.error_type;
    this.error_message = body.error_message;
  }
}

/** An error raised by the client itself, before or instead of a call (for example: no session). */
export class VestibuleSDKError extends Error {
  override readonly name = 'VestibuleSDKError';
  readonly error_type: ErrorType | 'sdk_error';

  constructor(error_type: ErrorType | 'sdk_error', message: string) {
    super(message);
    this.error_type = error_type;
  }
}

export const USER_UNAUTHENTICATED_MESSAGE = errorCatalogue.user_unauthenticated.message;

/**
 * English message of every error_type: the contract's catalogue (the one the server answers with),
 * plus the client's own network_error. Widgets may pass overrides keyed the same way.
 */
export const errorMessages = {
  ...(Object.fromEntries(Object.entries(errorCatalogue).map(([type, entry]) => [type, entry.message])) as {
    [K in keyof typeof errorCatalogue]: (typeof errorCatalogue)[K]['message'];
  }),
  network_error: 'Could not reach the server. Check your connection and try again.',
};

export type ErrorMessages = { -readonly [K in keyof typeof errorMessages]: string };

/** Shown when an error carries neither a known error_type nor a message. */
export const UNKNOWN_ERROR_MESSAGE = 'Something went wrong. Please try again.';

function field(value: unknown, name: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = (value as Record<string, unknown>)[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** The error_type of anything thrown by the client or shaped like an error response; undefined otherwise. */
export function errorTypeOf(error: unknown): string | undefined {
  return field(error, 'error_type');
}

/**
 * The text to show for an error: an override for its error_type first; for the user-facing types
 * (the password errors among them) the catalogue's words; otherwise the server's error_message,
 * which the server words for the case (the field, the time to wait), then the catalogue's default,
 * then the error's own message.
 */
export function messageForError(error: unknown, overrides?: Partial<Record<string, string>>): string {
  const type = errorTypeOf(error);
  const catalogued = type !== undefined && Object.hasOwn(errorMessages, type) ? errorMessages[type as keyof typeof errorMessages] : undefined;
  if (type !== undefined) {
    const overridden = overrides && Object.hasOwn(overrides, type) ? overrides[type] : undefined;
    if (overridden) return overridden;
    if (catalogued && (isUserFacingErrorType(type) || type === 'network_error')) return catalogued;
  }
  if (typeof error === 'string' && error !== '') return error;
  return field(error, 'error_message') ?? catalogued ?? field(error, 'message') ?? UNKNOWN_ERROR_MESSAGE;
}

/** Whether a value is an error response body from the server. */
export function isErrorResponse(value: unknown): value is ErrorResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorResponse).error_type === 'string' &&
    typeof (value as ErrorResponse).status_code === 'number'
  );
}

/** The shape the widgets and the host's onError callback receive. */
export function toErrorInfo(error: unknown): VestibuleErrorInfo {
  const type = errorTypeOf(error);
  return {
    error_type: (type ?? 'sdk_error') as VestibuleErrorInfo['error_type'],
    message: messageForError(error),
  };
}
