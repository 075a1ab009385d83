import type { ErrorResponse } from '@vestibule/contract';
import type { ErrorType } from '@vestibule/contract/errors';

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

/** The client's own words when no answer came back (error_type network_error). */
export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** Shown when an error carries neither a known error_type nor a message. */
export const UNKNOWN_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** A non-empty string property of a thrown value, if it has one. */
export function field(value: unknown, name: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = (value as Record<string, unknown>)[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** The error_type of anything thrown by the client or shaped like an error response; undefined otherwise. */
export function errorTypeOf(error: unknown): string | undefined {
  return field(error, 'error_type');
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
