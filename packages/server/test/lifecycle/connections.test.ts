import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog, type LogLine } from '../helpers/captured-log.js';
import { type ListeningServer, startListening } from '../helpers/listening.js';
import { scrape, total } from '../metrics/scrape.js';

/**
 * What the server does with connections a client misuses, over raw sockets: what cannot be read as
 * a request is answered as every error is (an ErrorResponse with a request id), logged and counted;
 * a connection on which nothing moves is closed.
 */
const lines: LogLine[] = [];
let s: ListeningServer;
beforeAll(async () => {
  s = await startListening({}, {}, capturedLog(lines));
});
afterAll(() => s.close());

interface Exchange {
  /** Everything the server sent until it closed the connection. */
  received: string;
  /** Milliseconds from the connection to its close. */
  lastedMs: number;
}

/** Sends `bytes` to the shared server and collects the answer until it closes the connection. */
function exchange(bytes: string): Promise<Exchange> {
  return exchangeWith(s.port, bytes);
}

function exchangeWith(port: number, bytes: string): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ received, lastedMs: Date.now() - started }));
    socket.write(bytes);
  });
}

/** The answer's status, headers (lower-cased names) and JSON body. */
function parsed(received: string): { status: number; headers: Record<string, string>; body: any } {
  const [head = '', body = ''] = received.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

async function unmatchedAnswered(status: number): Promise<number> {
  const scraped = await scrape(s.port);
  return total(scraped.samples, 'vestibule_http_request_duration_seconds_count', { route: 'unmatched', status: String(status) });
}

describe('what cannot be read as a request', () => {
  it.each([
    ['malformed HTTP', 'BREW /coffee HTCPCP/1.0\r\n\r\n', 400, 'bad_request', 'The request could not be read as HTTP/1.1.'],
    [
      'headers over 16 KiB',
      `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'request_header_fields_too_large',
      "The request's headers are too large.",
    ],
    ['HTTP/1.1 without a Host header', 'GET /healthz HTTP/1.1\r\n\r\n', 400, 'bad_request', 'The request has no Host header.'],
    ['a Host header that is no host', 'GET /healthz HTTP/1.1\r\nHost: a b\r\n\r\n', 400, 'bad_request', 'The Host header is not a host name.'],
    ['a target that is no path', 'OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n', 400, 'bad_request', 'The request target must be a path.'],
    [
      'CONNECT',
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
      405,
      'method_not_allowed',
      'This server does not tunnel connections (CONNECT).',
    ],
  ])('%s: answered as every error is, with a request id, logged and counted', async (_what, bytes, status, errorType, message) => {
    const before = await unmatchedAnswered(status);
    const { received } = await exchange(bytes);
    const answer = parsed(received);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.body).toEqual({ status_code: status, request_id: answer.headers['x-request-id'], error_type: errorType, error_message: message });
    await expect
      .poll(() => lines.find((line) => line.request_id === answer.body.request_id))
      .toMatchObject({ msg: 'Request answered', route: 'unmatched', status, client_address: '127.0.0.1' });
    expect(await unmatchedAnswered(status)).toBe(before + 1);
  });

  it('an Expect other than 100-continue is served as if it were not there', async () => {
    const { received } = await exchange('GET /healthz HTTP/1.1\r\nHost: localhost\r\nExpect: tea\r\nConnection: close\r\n\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('headers that have not all arrived after 10 s: 408 request_timeout', async () => {
    const { received, lastedMs } = await exchange('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    const answer = parsed(received);
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ error_type: 'request_timeout', error_message: 'The request did not arrive in time.' });
    // Checked every 5 s: between 10 and 15 s after the request began.
    expect(lastedMs).toBeGreaterThanOrEqual(10_000);
  }, 30_000);
});

describe('header lines past the 2,000 Node keeps by default', () => {
  it('are read: the X-Forwarded-For a proxy appends last still names the caller', async () => {
    const behindProxy = await startListening({ trustProxy: 1 }, {}, capturedLog(lines));
    try {
      const padding = Array.from({ length: 2000 }, (_, i) => `a${i % 10}:\r\n`).join('');
      const bytes = `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: 198.51.100.99\r\n${padding}X-Forwarded-For: 203.0.113.7\r\nConnection: close\r\n\r\n`;
      const { received } = await exchangeWith(behindProxy.port, bytes);
      const requestId = /x-request-id: (\S+)/i.exec(received)?.[1];
      await expect
        .poll(() => lines.find((line) => line.request_id === requestId))
        .toMatchObject({ route: '/healthz', status: 200, client_address: '203.0.113.7' });
    } finally {
      await behindProxy.close();
    }
  });
});

describe('a connection on which nothing moves', () => {
  it('is closed within 30 to 60 s, even with answers waiting that the client never reads', async () => {
    // More than the kernel's buffers on both ends hold (here up to 32 MB and 4 MB): what is left waits in the server.
    const asked = 200;
    const document = await (await fetch(`http://127.0.0.1:${s.port}/openapi.json`)).text();
    const socket = connect(s.port, '127.0.0.1', () => {
      // Large answers, asked for again and again, never read.
      socket.pause();
      socket.write('GET /openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\n'.repeat(asked));
    });
    socket.on('error', () => undefined);
    const closed = new Promise<string>((resolve) => socket.on('close', () => resolve('closed')));
    // 30 s of silence, and as many again that Node gives a write that moved since it last looked.
    await new Promise((resolve) => setTimeout(resolve, 65_000));
    // The client, reading at last, finds what the server had sent before it closed, and then the
    // end; a server that kept the connection would send every answer.
    socket.resume();
    expect(await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 10_000))])).toBe('closed');
    expect(socket.bytesRead).toBeLessThan(asked * Buffer.byteLength(document));
  }, 90_000);
});
