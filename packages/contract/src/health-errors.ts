/**
 * What an instance answers when it cannot serve (GET /readyz): read by load balancers and
 * orchestrators, never by people in a widget. Apart from errors.ts, which the login mount's first
 * load carries. Plain data.
 */
export const healthErrorCatalogue = {
  /**
   * The instance should get no traffic: its database does not answer, its migrations are not all
   * recorded there, its change listener is not connected, or it is shutting down. The server's
   * message says which.
   */
  not_ready: { status: 503, message: 'This instance is not ready to serve requests.' },
} as const;
