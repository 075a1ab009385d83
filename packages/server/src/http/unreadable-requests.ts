import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { allErrors, type ErrorResponse, type ErrorType } from '@vestibule/contract';
import { newId } from '../security/random-token.js';
import type { RequestObserver } from './answered-requests.js';
import { NO_SNIFF, NO_STORE } from './security-headers.js';

/** Node's codes for what it could not read, and the error each is answered with. */
const REFUSALS: Record<string, { type: ErrorType; message?: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { type: 'request_timeout' },
  HPE_HEADER_OVERFLOW: { type: 'request_header_fields_too_large' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { type: 'request_header_fields_too_large' },
};

/**
 * Node's 'clientError' handler: what arrived could not be read as a request (malformed HTTP,
 * headers over 16 KiB, headers or body too slow), so no route runs. Node's own answer is a bare
 * status line; this one is the ErrorResponse every other error has, with a request id, and it is
 * reported to the request log and the metrics like any answer (route 'unmatched', method as
 * Node read it, or 'UNKNOWN'). A connection already gone, or mid-answer, is only closed.
 */
export function answerUnreadableRequests(observers: readonly RequestObserver[]): (error: NodeJS.ErrnoException, socket: Socket) => void {
  return (error, socket) => {
    // The caller went away (a reset, or its end of the connection closed mid-request): there is
    // no one to answer, and a request it had begun is reported by its own line, as closed first.
    const gone = error.code === 'ECONNRESET' || error.code === 'HPE_INVALID_EOF_STATE';
    if (gone || !socket.writable || (socket as { _httpMessage?: { headersSent: boolean } })._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const refusal = REFUSALS[error.code ?? ''] ?? { type: 'bad_request', message: 'The request could not be read as HTTP/1.1.' };
    const { status, message } = allErrors[refusal.type];
    const requestId = newId('request');
    const body: ErrorResponse = { status_code: status, request_id: requestId, error_type: refusal.type, error_message: refusal.message ?? message };
    const text = JSON.stringify(body);
    const headers = {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(text)),
      'X-Request-Id': requestId,
      ...NO_SNIFF,
      ...NO_STORE,
      Connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${text}`);
    const answered = {
      method: methodOf(error),
      route: 'unmatched',
      status,
      durationMs: 0,
      requestId,
      clientAddress: socket.remoteAddress ?? null,
      completed: true,
    };
    for (const observe of observers) observe(answered);
  };
}

/** The method, when the request line was read before the fault (Node keeps the bytes it parsed); a method label stays bounded. */
function methodOf(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): string {
  const method = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) /.exec(error.rawPacket?.toString('latin1', 0, 8) ?? '')?.[1];
  return method ?? 'UNKNOWN';
}
