/**
 * The management API's errors (/v1, called by operators' back ends and the console): their HTTP
 * status and default English message, which the server answers with. Apart from errors.ts, which
 * the login mount's first load carries: no widget meets them. Plain data.
 */
export const managementErrorCatalogue = {
  /** No management key or operator session, or one that is wrong, revoked or expired. */
  invalid_management_credentials: {
    status: 401,
    message: "This call needs a management key or an operator's session (Authorization: Bearer). None was given, or it is wrong, revoked or expired.",
  },
  /** GET /metrics (the operators' Prometheus) without the server's metrics token, or with another one. */
  invalid_metrics_token: {
    status: 401,
    message: "Metrics are read with the server's metrics token (Authorization: Bearer, VESTIBULE_METRICS_TOKEN). None was given, or it is wrong.",
  },
  /** A signed-in person whose verified email is not among the project's operators. */
  not_an_operator: { status: 403, message: 'You are not an operator of this project.' },
  user_not_found: { status: 404, message: 'No user has this id. It may have been deleted.' },
  /** A password_hash to import that is not argon2id, bcrypt or scrypt in its usual encoding. */
  invalid_password_hash: {
    status: 400,
    message:
      'password_hash is not one this server can check: give an argon2id PHC string ($argon2id$…), a bcrypt hash ($2a$, $2b$ or $2y$) or an scrypt PHC string ($scrypt$…).',
  },
  /** A user to create with neither an email address nor a phone number. */
  user_needs_email_or_phone: { status: 400, message: 'Give an email address, a phone number or both.' },
  /** A cursor that this list did not hand out (or from another filter). */
  invalid_cursor: { status: 400, message: 'This cursor is not one this list handed out. Start again without it.' },
  management_key_not_found: { status: 404, message: 'No management key has this id. It may have been revoked already.' },
  webhook_not_found: { status: 404, message: 'No webhook endpoint has this id. It may have been deleted.' },
  webhook_delivery_not_found: { status: 404, message: 'No webhook delivery has this id.' },
  /** An endpoint URL refused: not https in production, or one that resolves to a loopback or private address. */
  webhook_url_not_allowed: { status: 400, message: 'This webhook URL is not allowed.' },
  /** A client of the configuration file, which the API lists but does not change. */
  idp_client_read_only: { status: 400, message: 'This client is set in the configuration file. Change it there.' },
  /** A client_id that names no client of the management API or the configuration file. */
  idp_client_id_not_found: { status: 404, message: 'No client has this client_id.' },
  idp_client_already_exists: { status: 400, message: 'A client with this client_id already exists.' },
  /** In production: a redirect URI, post-logout URI or allowed origin over plain http that is not a loopback address. */
  idp_client_uri_not_allowed: {
    status: 400,
    message:
      'In production a redirect URI, post-logout URI or allowed origin must use https; plain http only on a loopback address (localhost, 127.0.0.1, [::1]).',
  },
  /** A session id that names no live session (unknown, revoked or expired). */
  session_id_not_found: { status: 404, message: 'No live session has this id. It may have ended already.' },
  /** GET /console on a server whose console (packages/console) is not built or not installed. */
  console_not_built: {
    status: 503,
    message:
      'The console is not built. In the repository run `npm run build -w @vestibule/console`; elsewhere set VESTIBULE_CONSOLE_DIR to a built console. Then load the page again.',
  },
} as const satisfies Record<string, { status: number; message: string }>;
