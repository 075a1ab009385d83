/** Thrown by loadConfig; the message names the field (or environment variable) at fault. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`Invalid Vestibule configuration: ${field}: ${problem}`);
  }
}
