/**
 * Where the server writes what happened; its own module, so the kernel can log without importing
 * the app's dependencies. The server's own is pino's (logging/create-logger.ts): `details` become
 * the line's fields, so they carry ids and reasons, never a secret (a token, code, password,
 * cookie or Authorization header).
 */
export interface Logger {
  info(message: string, details?: Record<string, unknown>): void;
  /** Something the operator should change, though the server runs. */
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
  /** Writes out at once what is still buffered; the server calls it as it closes. */
  flush?(): void;
}
