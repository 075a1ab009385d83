import type { Session, SessionResponse, User } from '@vestibule/contract';
import { afterEach, beforeEach } from 'vitest';
import { createVestibuleClient, type ClientOptions, type VestibuleClient } from '../src/index.js';

export const TEST_TOKEN = 'public-token-test-0a1b2c3d';
export const BASE = 'http://localhost:8787';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  init: RequestInit;
}

type Responder = (call: RecordedCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, error_type: string, error_message: string): Response {
  return json({ status_code: status, request_id: 'req-err', error_type, error_message }, status);
}

/** A fetch that records every call and answers per 'METHOD /path'; unknown routes get a 200 {}. */
export function fakeFetch(routes: Record<string, Responder | unknown> = {}) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const headers = { ...(init.headers as Record<string, string>) };
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { url, method, headers, body, init };
    calls.push(call);
    const route = routes[`${method} ${new URL(url).pathname}`];
    if (typeof route === 'function') return (route as Responder)(call);
    if (route !== undefined) return json(route);
    return json({ status_code: 200, request_id: 'req-ok' });
  };
  const callsTo = (route: string) => calls.filter((c) => `${c.method} ${new URL(c.url).pathname}` === route);
  return { fetch: fetch as typeof globalThis.fetch, calls, callsTo };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    user_id: 'user-test-1',
    status: 'active',
    created_at: '2025-01-01T00:00:00.000Z',
    emails: [{ email_id: 'email-1', email: 'ada@example.com', verified: true, primary: true }],
    phone_numbers: [],
    webauthn_registrations: [],
    crypto_wallets: [],
    oauth_accounts: [],
    password: null,
    totp: null,
    ...overrides,
  };
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    session_id: 'session-test-1',
    user_id: 'user-test-1',
    started_at: '2025-01-01T00:00:00.000Z',
    expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    last_accessed_at: '2025-01-01T00:00:00.000Z',
    authentication_factors: [],
    ...overrides,
  };
}

export function makeSessionResponse(overrides: Partial<SessionResponse> = {}): SessionResponse {
  const user = makeUser();
  return {
    status_code: 200,
    request_id: 'req-session',
    user_id: user.user_id,
    user,
    session: makeSession(),
    session_token: 'opaque-token-1',
    session_jwt: 'jwt-1',
    ...overrides,
  };
}

/** Every cookie visible to the page, by name. */
export function readCookies(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of document.cookie.split('; ')) {
    if (!part) continue;
    const i = part.indexOf('=');
    out[part.slice(0, i)] = decodeURIComponent(part.slice(i + 1));
  }
  return out;
}

export function clearAllCookies(): void {
  for (const name of Object.keys(readCookies())) {
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

export function setPageUrl(url: string): void {
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
}

/** Lets pending promise callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * For a test file: each test starts with no cookies and empty local storage, and every client
 * made through the returned function is destroyed after it (timers and listeners stopped).
 */
export function testClients() {
  let clients: VestibuleClient[] = [];
  beforeEach(() => {
    clearAllCookies();
    localStorage.clear();
  });
  afterEach(() => {
    for (const c of clients) c.destroy();
    clients = [];
  });
  return function create(routes: Parameters<typeof fakeFetch>[0] = {}, options: Partial<ClientOptions> = {}) {
    const fake = fakeFetch(routes);
    const client = createVestibuleClient({ publicToken: TEST_TOKEN, fetch: fake.fetch, ...options });
    clients.push(client);
    return { client, fake };
  };
}
