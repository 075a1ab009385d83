/**
 * Field names that hold a secret wherever they appear: pino writes `[redacted]` in their place. A
 * second line of defence only: no log call passes a token, code, password, secret, cookie or
 * Authorization header in the first place (test/logging/no-secrets-in-logs.test.ts checks every
 * sign-in method for it). The names are the API's own (request bodies, token answers, headers).
 */
const SECRET_NAMES = [
  'password',
  'new_password',
  'token',
  'session_token',
  'session_jwt',
  'intermediate_session_token',
  'link_token',
  'access_token',
  'refresh_token',
  'id_token',
  'code_verifier',
  'secret',
  'client_secret',
  'recovery_code',
  'recovery_codes',
  'signature',
  'authorization',
  'cookie',
  '["set-cookie"]',
];

/** What a log call might pass whole, whose secrets sit one level down. */
const CONTAINERS = ['body', 'query', 'form', 'params', 'headers'];

/**
 * Each name at the top of a line's details and inside each container, spelled out: a wildcard
 * path (`*.password`) made every line cost five times as much (40 µs, against 7 µs for a request
 * line), and every request is a line. `code` only inside a container: at the top it is a text
 * provider's error code, which the operator needs; a passcode or an authorization code arrives in a body.
 */
export const REDACTED_PATHS = [
  ...SECRET_NAMES,
  ...CONTAINERS.flatMap((container) => [...SECRET_NAMES, 'code'].map((name) => (name.startsWith('[') ? `${container}${name}` : `${container}.${name}`))),
];
