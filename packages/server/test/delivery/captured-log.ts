import type { Logger } from '../../src/kernel/logger.js';

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  details: Record<string, unknown>;
}

/** A logger that keeps every line, for tests that read what the server logged. */
export function capturedLog(): { logger: Logger; lines: LogLine[]; failures(): LogLine[] } {
  const lines: LogLine[] = [];
  const keep =
    (level: LogLine['level']) =>
    (message: string, details: Record<string, unknown> = {}) =>
      void lines.push({ level, message, details });
  return {
    logger: { info: keep('info'), warn: keep('warn'), error: keep('error') },
    lines,
    /** The delivery failures logged so far. */
    failures: () => lines.filter((line) => line.message === 'Message not sent'),
  };
}
