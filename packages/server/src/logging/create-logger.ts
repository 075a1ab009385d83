import { pino, type DestinationStream } from 'pino';
import type { Logger } from '../kernel/logger.js';
import { prettyLines } from './pretty.js';
import { REDACTED_PATHS } from './redaction.js';
import type { LogSettings } from './settings.js';

/** A stream with what pino.destination adds: a synchronous write of what is still buffered. */
type Destination = DestinationStream & { flushSync?(): void };

/**
 * The server's logger: pino, one line per call, at the settings' level and in their format, to
 * stdout by default. Writes are asynchronous (sonic-boom buffers while a write is under way, so a
 * burst costs few system calls); flush() writes out the rest at once, and pino does the same at
 * process exit, so no line is lost to an exit after a close.
 */
export function createLogger(settings: LogSettings, destination: Destination = pino.destination({ dest: 1, sync: false })): Logger {
  const logger = pino(
    {
      level: settings.level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // Level names and ISO times: what a person or a collector's query reads without a table.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    settings.format === 'pretty' ? prettyLines(destination) : destination,
  );
  return {
    info: (message, details) => logger.info(details, message),
    warn: (message, details) => logger.warn(details, message),
    error: (message, details) => logger.error(details, message),
    flush: () => destination.flushSync?.(),
  };
}
