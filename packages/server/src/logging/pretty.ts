import type { DestinationStream } from 'pino';
import { prettyFactory } from 'pino-pretty';

/** The request log's fields (request-log.ts), which a readable request line puts in its message. */
const REQUEST_FIELDS = ['method', 'route', 'status', 'duration_ms', 'completed'];

/**
 * What JSON leaves as it is but a terminal acts on: C1 controls (U+009B starts an escape sequence as
 * ESC [ does), the bidirectional overrides and isolates that reorder what is shown, and the line and
 * paragraph separators. A caller can put them in a logged value (an outside attack did, through a
 * passkey's origin); ESC and the C0 controls come escaped in the JSON already.
 */
const TERMINAL_TRICKS = /[\u0080-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

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
  return { write: (line: string) => destination.write(prettify(line).replace(TERMINAL_TRICKS, '?')) };
}
