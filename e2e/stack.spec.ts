import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { firstLink } from './support/outbox';
import { startStack } from './support/stack-process';
import type { OutboxResponse, SessionResponse } from '@vestibule/contract';

// The start command as a person uses it: printed URLs, Ctrl-C, and a second start on the same data.
const PORTS = { apiPort: 28787, demoPort: 23000 };

async function signUp(request: APIRequestContext, api: string, publicToken: string, email: string): Promise<SessionResponse> {
  const headers = { 'X-Public-Token': publicToken };
  const sent = await request.post(`${api}/sdk/v1/magic_links/email/login_or_create`, { headers, data: { email } });
  expect(sent.status()).toBe(200);
  const outbox = (await (await request.get(`${api}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as OutboxResponse;
  const token = new URL(firstLink(outbox.messages[0]!)).searchParams.get('token');
  const authenticated = await request.post(`${api}/sdk/v1/magic_links/authenticate`, { headers, data: { token } });
  expect(authenticated.status()).toBe(200);
  return (await authenticated.json()) as SessionResponse;
}

test('npm start prints its URLs, stops on Ctrl-C, and a second start keeps users and sessions', async ({ request }) => {
  test.setTimeout(180_000);
  const first = await startStack(PORTS);
  const { apiUrl, demoUrl, dataDir } = first;
  expect(first.output()).toContain(`API:     ${apiUrl}`);
  expect(first.output()).toContain(`Demo:    ${demoUrl}`);
  expect(first.output()).toContain(`Outbox:  ${demoUrl}/outbox`);
  expect(first.output()).toContain(`Console: ${apiUrl}/console`);
  expect(await (await request.get(`${apiUrl}/console`)).text()).toContain('<div id="app">');
  // The sample relying party (any free port beside a non-default demo port) answers, and the
  // provider it signs in through serves its discovery document at the API.
  const rpUrl = /Sample app \(signs in with Vestibule over OpenID Connect\): (http:\/\/localhost:\d+)/.exec(first.output())![1]!;
  expect(await (await request.get(rpUrl)).text()).toContain('Sign in with Vestibule');
  expect((await (await request.get(`${apiUrl}/.well-known/openid-configuration`)).json()).issuer).toBe(apiUrl);
  const page = await (await request.get(`${demoUrl}/`)).text();
  const publicToken = JSON.parse(page.match(/id="vestibule-demo-config">([^<]+)</)![1]!).publicToken as string;
  const session = await signUp(request, apiUrl, publicToken, `restart-${Date.now()}@example.com`);

  expect(await first.stop()).toBe(0);
  await expect(request.get(`${apiUrl}/healthz`)).rejects.toThrow();
  await expect(request.get(`${demoUrl}/`)).rejects.toThrow();

  const second = await startStack({ ...PORTS, dataDir });
  try {
    const refreshed = await request.post(`${apiUrl}/sdk/v1/sessions/authenticate`, {
      headers: { 'X-Public-Token': publicToken, Authorization: `Bearer ${session.session_token}` },
      data: {},
    });
    expect(refreshed.status()).toBe(200);
    const body = (await refreshed.json()) as SessionResponse;
    expect(body.user_id).toBe(session.user_id);
    expect(body.session.session_id).toBe(session.session.session_id);
  } finally {
    expect(await second.stop()).toBe(0);
  }
});
