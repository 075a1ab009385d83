import { allErrors, type ErrorType } from '@vestibule/contract';

/**
 * The one error class the server throws, handlers and kernel alike; the http layer's error handler
 * turns it into an ErrorResponse (an OAuth endpoint, into an OAuth error). Status and default
 * message come from the contract's error catalogue; a handler may word the message for its case
 * (naming the field, the seconds to wait) and, rarely, pick another status of the same type
 * (delivery_failed: 502 refused, 503 unreachable).
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly errorType: ErrorType,
    message?: string,
    readonly headers: Record<string, string> = {},
    status?: number,
  ) {
    super(message ?? allErrors[errorType].message);
    this.name = 'ApiError';
    this.status = status ?? allErrors[errorType].status;
  }
}
