import { type IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { allErrors, type ErrorType } from '@vestibule/contract';
import { errorBody } from './error-response.js';
import { newId } from '../security/random-token.js';
import { noteNodeAnswer, type RequestObserver } from './answered-requests.js';
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
    const answer = errorAnswer(refusal.type, refusal.message);
    writeRaw(socket, answer);
    report(observers, { method: methodOf(error), status: answer.status, requestId: answer.requestId, clientAddress: socket.remoteAddress ?? null });
  };
}

/**
 * Node's 'connect' handler: a CONNECT (a request to tunnel), which no route serves. Node's own
 * handling drops the connection without a word; this answers 405 as any other error is answered.
 */
export function refuseTunnels(observers: readonly RequestObserver[]): (request: IncomingMessage, socket: Socket) => void {
  return (request, socket) => {
    const answer = errorAnswer('method_not_allowed', 'This server does not tunnel connections (CONNECT).');
    writeRaw(socket, answer);
    report(observers, { method: 'CONNECT', status: answer.status, requestId: answer.requestId, clientAddress: request.socket.remoteAddress ?? null });
  };
}

const PLAIN_HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/**
 * Why the app cannot take `request` (its Node adapter refuses it with an empty text/plain 400), or
 * null: a Host header that is missing (Node requires one of HTTP/1.1 only when told to, and then
 * answers a bare 400 itself) or not a host, or a target that is neither a path nor an absolute URL
 * (`OPTIONS *`).
 */
export function unservable(request: IncomingMessage): string | null {
  const target = request.url ?? '';
  if (!target.startsWith('/') && !/^https?:\/\//i.test(target)) return 'The request target must be a path.';
  const host = request.headers.host;
  if (!host) return 'The request has no Host header.';
  // The usual host (a name or an IPv4 address, and a port) without building a URL: every call, the session check's too, passes here.
  if (PLAIN_HOST.test(host)) return null;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}/`).hostname;
  } catch {
    return 'The Host header is not a host name.';
  }
  // As the adapter checks it: the header is the host (and a port), nothing more.
  if (hostname.length !== host.length && hostname !== host.replace(/:\d+$/, '')) return 'The Host header is not a host name.';
  return null;
}

/** Answers `response` 400 bad_request with `message`, noted for the request log and the metrics. */
export function refuseUnservable(request: IncomingMessage, response: ServerResponse, message: string): void {
  const answer = errorAnswer('bad_request', message);
  noteNodeAnswer(request, 'unmatched', answer.requestId);
  response.writeHead(answer.status, answer.headers).end(answer.text);
}

interface ErrorAnswer {
  status: number;
  requestId: string;
  headers: Record<string, string>;
  text: string;
}

/** The ErrorResponse of `type` (in `message`'s words, else the catalogue's), with a new request id, and its headers. */
function errorAnswer(type: ErrorType, message?: string): ErrorAnswer {
  const { status, message: standard } = allErrors[type];
  const requestId = newId('request');
  const text = JSON.stringify(errorBody(status, requestId, type, message ?? standard));
  const headers = {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
    'X-Request-Id': requestId,
    ...NO_SNIFF,
    ...NO_STORE,
    Connection: 'close',
  };
  return { status, requestId, headers, text };
}

/** Writes `answer` straight to a connection no response is tied to, and closes it. */
function writeRaw(socket: Socket, answer: ErrorAnswer): void {
  const head = Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${head.join('')}\r\n${answer.text}`);
}

/** Reports an answer written outside the listener, as observeRequests reports the others. */
function report(observers: readonly RequestObserver[], answer: { method: string; status: number; requestId: string; clientAddress: string | null }): void {
  for (const observe of observers) observe({ ...answer, route: 'unmatched', durationMs: 0, completed: true });
}

/** The method, when the request line was read before the fault (Node keeps the bytes it parsed); a method label stays bounded. */
function methodOf(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): string {
  const method = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) /.exec(error.rawPacket?.toString('latin1', 0, 8) ?? '')?.[1];
  return method ?? 'UNKNOWN';
}
