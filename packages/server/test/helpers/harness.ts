import { randomInt, randomUUID } from 'node:crypto';
import type { OutboxMessage, SessionResponse } from '@vestibule/contract';
import { createServer, type ServerConfig, type VestibuleServer } from '../../src/index.js';
import { PUBLIC_TOKEN, testConfig } from './test-config.js';

export interface TestClock {
  (): Date;
  advanceMinutes(minutes: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let now = start;
  const clock = (() => new Date(now)) as TestClock;
  clock.advanceMinutes = (minutes) => {
    now += minutes * 60_000;
  };
  return clock;
}

export interface CallOptions {
  token?: string | null;
  session?: string;
  ip?: string;
  origin?: string;
  headers?: Record<string, string>;
  /** Sent as is (not JSON-encoded). */
  rawBody?: string;
}

export interface Harness {
  server: VestibuleServer;
  clock: TestClock;
  config: ServerConfig;
  call(method: string, path: string, body?: unknown, options?: CallOptions): Promise<Response>;
  json<T = any>(method: string, path: string, body?: unknown, options?: CallOptions): Promise<{ status: number; body: T; headers: Headers }>;
  outbox(to?: string): Promise<OutboxMessage[]>;
  /** Requests a magic link and returns the token from the emailed link. */
  sendLink(email: string, extra?: Record<string, unknown>): Promise<{ token: string; link: URL; message: OutboxMessage; response: any }>;
  signIn(email: string): Promise<SessionResponse>;
  close(): Promise<void>;
}

export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * The bindings the Node adapter passes to app.fetch, reduced to the socket's address: how these
 * in-process tests play a client at `address`. Tests of the listening server use real sockets.
 */
export function peer(address: string): { incoming: { socket: { remoteAddress: string } } } {
  return { incoming: { socket: { remoteAddress: address } } };
}

export function tokenFromLink(text: string): { link: URL; token: string } {
  const match = /https?:\/\/\S+vestibule_token_type=login\S*/.exec(text);
  if (!match) throw new Error(`No magic link in: ${text}`);
  const link = new URL(match[0]);
  return { link, token: link.searchParams.get('token')! };
}

export function harnessFor(server: VestibuleServer, config: ServerConfig, clock: TestClock): Harness {
  const base = config.publicUrl;
  const call: Harness['call'] = (method, path, body, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? PUBLIC_TOKEN : options.token;
    if (token !== null) headers['X-Public-Token'] = token;
    if (options.session) headers.Authorization = `Bearer ${options.session}`;
    if (options.origin) headers.Origin = options.origin;
    let payload: string | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
    return server.app.fetch(new Request(`${base}${path}`, { method, headers, body: payload }), peer(options.ip ?? randomIp()));
  };
  const json: Harness['json'] = async (method, path, body, options) => {
    const response = await call(method, path, body, options);
    return { status: response.status, body: await response.json(), headers: response.headers };
  };
  const outbox: Harness['outbox'] = async (to) => {
    const response = await server.app.fetch(new Request(`${base}/dev/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`), peer('127.0.0.1'));
    return ((await response.json()) as { messages: OutboxMessage[] }).messages;
  };
  const sendLink: Harness['sendLink'] = async (email, extra = {}) => {
    const response = await json('POST', '/sdk/v1/magic_links/email/login_or_create', { email, ...extra });
    if (response.status !== 200) throw new Error(`login_or_create failed: ${JSON.stringify(response.body)}`);
    const [message] = await outbox(email.toLowerCase());
    const { link, token } = tokenFromLink(message!.text);
    return { token, link, message: message!, response: response.body };
  };
  const signIn: Harness['signIn'] = async (email) => {
    const { token } = await sendLink(email);
    const response = await json<SessionResponse>('POST', '/sdk/v1/magic_links/authenticate', { token });
    if (response.status !== 200) throw new Error(`authenticate failed: ${JSON.stringify(response.body)}`);
    return response.body;
  };
  return { server, clock, config, call, json, outbox, sendLink, signIn, close: () => server.close() };
}

/** A server on a fresh embedded database in a temp dir, with an injected clock. */
export async function startHarness(overrides: Partial<ServerConfig> = {}, env: NodeJS.ProcessEnv = {}): Promise<Harness> {
  const config = testConfig(overrides, env);
  const clock = testClock();
  const server = await createServer(config, { clock, logger: { info() {}, warn() {}, error: (m, d) => console.error(m, d) } });
  return harnessFor(server, config, clock);
}
