import { createLogger } from '../../src/logging/create-logger.js';

/** A logged line, as JSON. */
export type LogLine = Record<string, any>;

/** The server's own logger (JSON, every level) writing each line, parsed, into `lines`. */
export function capturedLog(lines: LogLine[]) {
  return createLogger({ level: 'trace', format: 'json' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
}
