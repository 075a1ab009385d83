import type { DestinationStream } from 'pino';
import { prettyFactory } from 'pino-pretty';

/** The request log's fields (request-log.ts), which a readable request line puts in its message. */
const REQUEST_FIELDS = ['method', 'route', 'status', 'duration_ms', 'completed'];

/**
 * pino's JSON lines made readable for a person at a terminal (development's default), in this
 * process: `12:00:00.123 INFO: POST /sdk/v1/otps/authenticate 200 12.3 ms {"request_id":…}`. Colour
 * where the terminal has it.
 */
export function prettyLines(destination: DestinationStream): DestinationStream {
  const prettify = prettyFactory({
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: ['pid', 'hostname', ...REQUEST_FIELDS].join(','),
    singleLine: true,
    messageFormat: (log, messageKey) => {
      if (typeof log.route !== 'string') return String(log[messageKey] ?? '');
      const cut = log.completed === false ? ' (closed before the answer was whole)' : '';
      return `${log.method} ${log.route} ${log.status} ${log.duration_ms} ms${cut}`;
    },
  });
  return { write: (line: string) => destination.write(prettify(line)) };
}
