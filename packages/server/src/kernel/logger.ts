/** Where the server writes what happened; its own module, so the kernel can log without importing the app's dependencies. */
export interface Logger {
  info(message: string, details?: Record<string, unknown>): void;
  /** Something the operator should change, though the server runs. */
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}
