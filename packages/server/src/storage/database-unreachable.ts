/** System errors of a connection that could not be opened or was lost. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * PostgreSQL's SQLSTATEs for a database that cannot serve now: class 08 (connection exception),
 * 53300 too_many_connections, 57014 query_canceled (here only by statement_timeout: an overloaded
 * database), 57P01–57P03 (shutting down, crashed, starting).
 */
const UNAVAILABLE_STATES = new Set(['53300', '57014', '57P01', '57P02', '57P03']);

/** pg's and pg-pool's own errors, which carry no code. */
const CLIENT_GAVE_UP = /^(timeout exceeded when trying to connect|Query read timeout|Connection terminated)/;

/**
 * Whether `error` says that the database could not be reached or did not answer in time (stopped,
 * frozen, overloaded, or the network between), as opposed to a query it refused: the call is worth
 * trying again in a moment, and the error is the operator's to see once, not a bug's stack.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))) return true;
  return CLIENT_GAVE_UP.test(error.message);
}
