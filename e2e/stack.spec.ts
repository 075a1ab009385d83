import { expect, test, type APIRequestContext } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstLink } from './support/outbox';
import type { OutboxResponse, SessionResponse } from '@vestibule/contract';

// The start command as a person uses it: printed URLs, Ctrl-C, and a second start on the same data.
const API_PORT = 28787;
const DEMO_PORT = 23000;
const API = `http://localhost:${API_PORT}`;

interface Running {
  child: ChildProcess;
  output: () => string;
}

async function start(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, VESTIBULE_API_PORT: String(API_PORT), VESTIBULE_DEMO_PORT: String(DEMO_PORT), VESTIBULE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await expect.poll(() => output, { timeout: 60_000, message: 'the stack says it is running' }).toContain('Press Ctrl-C to stop.');
  return { child, output: () => output };
}

async function stop(running: Running): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => running.child.once('exit', (code) => resolve(code)));
  running.child.kill('SIGINT');
  return exited;
}

async function signUp(request: APIRequestContext, publicToken: string, email: string): Promise<SessionResponse> {
  const headers = { 'X-Public-Token': publicToken };
  const sent = await request.post(`${API}/sdk/v1/magic_links/email/login_or_create`, { headers, data: { email } });
  expect(sent.status()).toBe(200);
  const outbox = (await (await request.get(`${API}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as OutboxResponse;
  const token = new URL(firstLink(outbox.messages[0]!)).searchParams.get('token');
  const authenticated = await request.post(`${API}/sdk/v1/magic_links/authenticate`, { headers, data: { token } });
  expect(authenticated.status()).toBe(200);
  return (await authenticated.json()) as SessionResponse;
}

test('npm start prints its URLs, stops on Ctrl-C, and a second start keeps users and sessions', async ({ request }) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'vestibule-stack-'));

  const first = await start(dataDir);
  expect(first.output()).toContain(`API:     ${API}`);
  expect(first.output()).toContain(`Demo:    http://localhost:${DEMO_PORT}`);
  expect(first.output()).toContain(`Outbox:  http://localhost:${DEMO_PORT}/outbox`);
  const page = await (await request.get(`http://localhost:${DEMO_PORT}/`)).text();
  const publicToken = JSON.parse(page.match(/id="vestibule-demo-config">([^<]+)</)![1]!).publicToken as string;
  const session = await signUp(request, publicToken, `restart-${Date.now()}@example.com`);

  expect(await stop(first)).toBe(0);
  await expect(request.get(`${API}/healthz`)).rejects.toThrow();
  await expect(request.get(`http://localhost:${DEMO_PORT}/`)).rejects.toThrow();

  const second = await start(dataDir);
  try {
    const refreshed = await request.post(`${API}/sdk/v1/sessions/authenticate`, {
      headers: { 'X-Public-Token': publicToken, Authorization: `Bearer ${session.session_token}` },
      data: {},
    });
    expect(refreshed.status()).toBe(200);
    const body = (await refreshed.json()) as SessionResponse;
    expect(body.user_id).toBe(session.user_id);
    expect(body.session.session_id).toBe(session.session.session_id);
  } finally {
    expect(await stop(second)).toBe(0);
  }
});
