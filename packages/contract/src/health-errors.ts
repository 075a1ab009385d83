/**
 * What an instance answers when it cannot serve (GET /readyz), and when what came in could not be
 * read as a request (before any route): read by load balancers, orchestrators and the developers of
 * a misbehaving client, never by people in a widget. Apart from errors.ts, which the login mount's
 * first load carries. Plain data.
 */
export const healthErrorCatalogue = {
  /**
   * The instance should get no traffic: its database does not answer, its migrations are not all
   * recorded there, its change listener is not connected, or it is shutting down. The server's
   * message says which.
   */
  not_ready: { status: 503, message: 'This instance is not ready to serve requests.' },
  /**
   * The database could not be reached or did not answer in time (stopped, frozen, overloaded): the
   * call was not done; try again in a moment (Retry-After).
   */
  database_unavailable: { status: 503, message: 'The service cannot reach its database right now. Please try again in a moment.' },
  /** The request's headers did not arrive within 10 seconds, or the whole request within 30. */
  request_timeout: { status: 408, message: 'The request did not arrive in time.' },
  /** The request's headers are larger than the server reads (16 KiB). */
  request_header_fields_too_large: { status: 431, message: "The request's headers are too large." },
} as const;
