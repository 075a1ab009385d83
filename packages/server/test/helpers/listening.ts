import { request } from 'node:http';
import type { OutboxMessage, SessionResponse } from '@vestibule/contract';
import type { Clock } from '../../src/http/app-env.js';
import type { Logger } from '../../src/kernel/logger.js';
import { type CreateServerOptions, startServer, type ServerConfig } from '../../src/index.js';
import { afterAll, beforeAll } from 'vitest';
import { testClock, tokenFromLink, type TestClock } from './harness.js';
import { PUBLIC_TOKEN, testConfig } from './test-config.js';

/** Errors only, to the test's output. */
const quietLogger: Logger = { info() {}, warn() {}, error: (m, d) => console.error(m, d) };

export interface SendOptions {
  /**
   * The client's own address: any of 127.0.0.0/8 (each a different client to the server), or ::1.
   * The connection really comes from there, so the server sees it as its socket's peer.
   */
  from?: string;
  /** A list sends the header once per value, as a client that repeats it does. */
  headers?: Record<string, string | string[]>;
  session?: string;
  /** X-Public-Token; null leaves it out. */
  token?: string | null;
  /** A form body (application/x-www-form-urlencoded, as the OAuth endpoints take) instead of JSON. */
  form?: Record<string, string>;
  /** JSON text sent as it is (a body JSON.stringify could not make, such as thousands of nested arrays). */
  json?: string;
  /**
   * The connection and the headers go at once, the body only once this settles: requests held on
   * one promise reach the server's handlers together (test/helpers/together.ts), so that a race
   * between them is run, not just written.
   */
  bodyAfter?: Promise<unknown>;
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
}

export interface ListeningServer {
  config: ServerConfig;
  port: number;
  send<T = any>(method: string, path: string, body?: unknown, options?: SendOptions): Promise<Answer<T>>;
  outbox(to?: string): Promise<OutboxMessage[]>;
  /** Sends a magic link to `email` and uses it: a session whose email is proven. */
  signInByLink(email: string, from?: string): Promise<SessionResponse>;
  close(): Promise<void>;
}

/**
 * The real server listening on a free port (both 127.0.0.1 and ::1), driven over real sockets:
 * what these tests attack is what a client on the network would reach. `clock`: the server's time
 * (expiries), for tests that move it.
 */
export async function startListening(
  overrides: Partial<ServerConfig> = {},
  env: NodeJS.ProcessEnv = {},
  logger: Logger = quietLogger,
  clock?: Clock,
  options: Omit<CreateServerOptions, 'logger' | 'clock'> = {},
): Promise<ListeningServer> {
  const config = { ...testConfig({ port: 0, ...overrides }, env) };
  const server = await startServer(config, { logger, clock, ...options });
  const send: ListeningServer['send'] = (method, path, body, options = {}) =>
    new Promise((resolve, reject) => {
      const from = options.from ?? '127.0.0.1';
      const v6 = from.includes(':');
      const headers: Record<string, string | string[]> = { ...options.headers };
      const token = options.token === undefined ? PUBLIC_TOKEN : options.token;
      if (token !== null) headers['X-Public-Token'] = token;
      if (options.session) headers.Authorization = `Bearer ${options.session}`;
      const payload = options.form ? new URLSearchParams(options.form).toString() : (options.json ?? (body === undefined ? undefined : JSON.stringify(body)));
      if (payload !== undefined) headers['Content-Type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
      const req = request({ host: v6 ? '::1' : '127.0.0.1', port: server.port, method, path, headers, localAddress: from, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null, headers: res.headers });
          } catch (error) {
            reject(new Error(`${method} ${path}: not JSON (${res.statusCode}): ${text.slice(0, 200)}`, { cause: error }));
          }
        });
      });
      req.on('error', reject);
      if (options.bodyAfter) {
        req.flushHeaders();
        options.bodyAfter.then(() => req.end(payload), reject);
      } else {
        req.end(payload);
      }
    });
  const outbox: ListeningServer['outbox'] = async (to) =>
    (await send<{ messages: OutboxMessage[] }>('GET', `/dev/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`, undefined, { token: null })).body.messages;
  const signInByLink: ListeningServer['signInByLink'] = async (email, from) => {
    const sent = await send('POST', '/sdk/v1/magic_links/email/login_or_create', { email }, { from });
    if (sent.status !== 200) throw new Error(`magic link not sent: ${JSON.stringify(sent.body)}`);
    const { token } = tokenFromLink((await outbox(email))[0]!.text);
    const used = await send<SessionResponse>('POST', '/sdk/v1/magic_links/authenticate', { token }, { from });
    if (used.status !== 200) throw new Error(`magic link refused: ${JSON.stringify(used.body)}`);
    return used.body;
  };
  return {
    config,
    port: server.port,
    send,
    outbox,
    signInByLink,
    close: async () => {
      await server.close();
    },
  };
}

/**
 * A listening server of its own on a test clock, for tests that move time (expiries, how recent a
 * sign-in is): started before the block's tests, which `use` hands it and its clock to, and closed
 * after them.
 */
export function clockedServer(use: (started: { s: ListeningServer; clock: TestClock }) => void, overrides: Partial<ServerConfig> = {}): void {
  let server: ListeningServer | undefined;
  beforeAll(async () => {
    const clock = testClock();
    server = await startListening(overrides, {}, undefined, clock);
    use({ s: server, clock });
  });
  afterAll(() => server?.close());
}
