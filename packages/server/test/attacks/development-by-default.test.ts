import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import type { ServerConfig } from '../../src/index.js';
import { runServerProcess } from '../helpers/server-process.js';
import { dataDirWithDatabase, PUBLIC_TOKEN, testConfig } from '../helpers/test-config.js';

/**
 * Finding 7: with no setting the server ran in development and served the outbox (plain codes and
 * links) to anyone who could reach the port. Then: behind a reverse proxy on the same machine every
 * visitor's socket is loopback, so a loopback socket is not enough; the development-only routes
 * also refuse any sign of a proxy and any host name that is not loopback. Production refuses to
 * start without the settings that make it safe, naming each one.
 */
interface Main {
  exited: Promise<number | null>;
  output(): string;
  /** Resolves with the API URL once main.ts says it is listening. */
  listening(): Promise<string>;
  stop(): Promise<number | null>;
}

function runMain(env: Record<string, string>): Main {
  const run = runServerProcess({ VESTIBULE_DATA_DIR: dataDirWithDatabase(), ...env });
  return {
    exited: run.exited,
    output: run.output,
    listening: run.listening,
    stop: () => {
      run.child.kill('SIGTERM');
      return run.exited;
    },
  };
}

const ATTACKER = '203.0.113.9';
/** Each sign that a request came through a proxy, as a proxy in front of the server would add it. */
const PROXY_SIGNS: Record<string, string> = {
  Forwarded: `for=${ATTACKER};proto=https`,
  'X-Forwarded-For': ATTACKER,
  'X-Forwarded-Host': 'auth.example.com',
  'X-Forwarded-Proto': 'https',
  'X-Forwarded-Ssl': 'on',
  'X-Real-IP': ATTACKER,
  'X-Cluster-Client-IP': ATTACKER,
  'CF-Connecting-IP': ATTACKER,
  'X-Original-Host': 'auth.example.com',
  'CDN-Loop': 'cloudflare',
  'X-Remote-Addr': ATTACKER,
  'X-Scheme': 'https',
  'X-Nginx-Proxy': 'true',
  Via: '1.1 caddy',
};
const CALLBACK = 'http://localhost:8787/sdk/v1/oauth/callback';
const AUTHORIZE_QUERY = new URLSearchParams({
  response_type: 'code',
  client_id: 'github',
  redirect_uri: CALLBACK,
  state: 'state-1',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
});

/** The development-only routes, each as a request that this machine gets answered (what the refusal must hide). */
const DEV_ROUTES: Array<{ name: string; method: string; path: string; body?: string; contentType?: string; headers?: Record<string, string> }> = [
  { name: 'the outbox JSON', method: 'GET', path: '/dev/outbox' },
  { name: "the development provider's authorize page", method: 'GET', path: `/dev/oauth/authorize?${AUTHORIZE_QUERY}` },
  {
    name: "the development provider's sign-in form",
    method: 'POST',
    path: '/dev/oauth/authorize',
    body: new URLSearchParams({ ...Object.fromEntries(AUTHORIZE_QUERY), email: 'victim@example.com', decision: 'allow' }).toString(),
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    name: "the development provider's token endpoint",
    method: 'POST',
    path: '/dev/oauth/token',
    body: 'grant_type=authorization_code&code=x',
    contentType: 'application/x-www-form-urlencoded',
  },
  { name: "the development provider's userinfo", method: 'GET', path: '/dev/oauth/userinfo', headers: { Authorization: 'Bearer x' } },
];

/** One request over a raw socket, so the test chooses the HTTP version and every header, Host included. */
function rawRequest(
  port: number,
  request: { method: string; path: string; version?: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      const body = request.body ?? '';
      const headers = { Connection: 'close', ...request.headers, 'Content-Length': String(Buffer.byteLength(body)) };
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.end(`${request.method} ${request.path} HTTP/${request.version ?? '1.1'}\r\n${head}\r\n${body}`);
    });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      const end = text.indexOf('\r\n\r\n');
      resolve({ status, head: text.slice(0, end), body: text.slice(end + 4) });
    });
  });
}

describe('the development-only routes', () => {
  let s: ListeningServer;
  beforeAll(async () => {
    s = await startListening();
    await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email: uniqueEmail('outbox') });
  });
  afterAll(() => s.close());

  const ask = (route: (typeof DEV_ROUTES)[number], extra: { headers?: Record<string, string>; version?: string } = {}) =>
    rawRequest(s.port, {
      method: route.method,
      path: route.path,
      version: extra.version,
      body: route.body,
      headers: { Host: `127.0.0.1:${s.port}`, ...(route.contentType ? { 'Content-Type': route.contentType } : {}), ...route.headers, ...extra.headers },
    });

  const expectRefused = (answer: { status: number; body: string }, why: string) => {
    expect(answer.status).toBe(403);
    const body = JSON.parse(answer.body) as { error_type: string; error_message: string };
    expect(body.error_type).toBe('forbidden');
    expect(body.error_message).toContain('Development routes (the outbox and the development sign-in) are served only to this machine');
    expect(body.error_message).toContain(why);
    expect(body.error_message).toContain('set VESTIBULE_ENV=production');
    // Nothing served: no message list, no sign-in page, no code, no token, no profile.
    expect(answer.body).not.toMatch(/messages|<form|code=|access_token|"email"/);
  };

  for (const route of DEV_ROUTES) {
    describe(route.name, () => {
      for (const [header, value] of Object.entries(PROXY_SIGNS)) {
        it(`refuses a request that carries ${header}, though its socket is loopback`, async () => {
          expectRefused(await ask(route, { headers: { [header]: value } }), `it carries ${header.toLowerCase()}`);
        });
      }

      it('refuses a request addressed to a host name that is not loopback', async () => {
        for (const host of ['auth.example.com', 'localhost.example.com', 'evil.example;.localhost', '127.0.0.1.nip.io']) {
          expectRefused(await ask(route, { headers: { Host: host } }), `it was addressed to ${JSON.stringify(host)}`);
        }
      });

      it('refuses HTTP/1.0 (nginx speaks it to the server it fronts unless told otherwise) and any version but 1.1', async () => {
        expectRefused(await ask(route, { version: '1.0' }), 'HTTP/1.0');
        expectRefused(await ask(route, { version: '2.0' }), 'HTTP/2.0');
      });

      it("refuses nginx's WebSocket recipe (Connection: upgrade on every request) and a second Host header", async () => {
        expectRefused(await ask(route, { headers: { Connection: 'upgrade' } }), 'Connection: upgrade');
        const twice = await rawRequest(s.port, {
          method: route.method,
          path: route.path,
          body: route.body,
          headers: {
            Host: `localhost:${s.port}`,
            host: 'auth.example.com',
            ...(route.contentType ? { 'Content-Type': route.contentType } : {}),
            ...route.headers,
          },
        });
        expectRefused(twice, 'two Host headers');
      });

      it('is answered (not refused) for a plain request from this machine', async () => {
        for (const host of [`127.0.0.1:${s.port}`, `localhost:${s.port}`, `[::1]:${s.port}`]) {
          expect((await ask(route, { headers: { Host: host } })).status).not.toBe(403);
        }
      });
    });
  }

  it('serves the outbox and the sign-in page to this machine over 127.0.0.1 and ::1', async () => {
    const email = uniqueEmail('outbox');
    await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email });
    for (const from of ['127.0.0.1', '::1']) {
      const answer = await s.send('GET', `/dev/outbox?to=${email}`, undefined, { from, token: null });
      expect(answer.status).toBe(200);
      expect(answer.body.messages).toHaveLength(1);
    }
    const page = await ask(DEV_ROUTES[1]!);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Development sign-in');
  });

  it('refuses a CORS preflight from elsewhere too (the guard stands before CORS)', async () => {
    const preflight = await rawRequest(s.port, {
      method: 'OPTIONS',
      path: '/dev/outbox',
      headers: { Host: 'auth.example.com', Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.head).not.toMatch(/access-control-allow-origin/i);
  });

  it("refuses whatever address trustProxy would take from the proxy's header, loopback included", async () => {
    // A proxy-aware setting (a deployment behind nginx on this machine) says the server is reached from elsewhere.
    const proxied = await startListening({ trustProxy: ['loopback'] });
    try {
      for (const claimed of ['127.0.0.1', '::1', ATTACKER]) {
        const answer = await proxied.send('GET', '/dev/outbox', undefined, { token: null, headers: { 'X-Forwarded-For': claimed } });
        expect(answer.status).toBe(403);
        expect(answer.body.messages).toBeUndefined();
      }
    } finally {
      await proxied.close();
    }
  });

  it('signs in through the development provider end to end from this machine (the engine calls token and userinfo)', async () => {
    const verifier = 'v'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const start = await s.send(
      'GET',
      `/sdk/v1/oauth/start?${new URLSearchParams({ provider: 'github', public_token: PUBLIC_TOKEN, code_challenge: challenge })}`,
      undefined,
      { token: null },
    );
    expect(start.status).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.pathname).toBe('/dev/oauth/authorize');
    const form = new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), email: uniqueEmail('dev-oauth'), decision: 'allow' });
    const allowed = await rawRequest(s.port, {
      method: 'POST',
      path: '/dev/oauth/authorize',
      body: form.toString(),
      headers: { Host: `localhost:${s.port}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(allowed.status).toBe(302);
    const location = /\r\nlocation: (\S+)/i.exec(allowed.head)?.[1];
    const callback = new URL(location!);
    const landed = await s.send('GET', `${callback.pathname}${callback.search}`, undefined, { token: null });
    const landing = new URL(String(landed.headers.location));
    const exchange = await s.send('POST', '/sdk/v1/oauth/authenticate', { token: landing.searchParams.get('token'), code_verifier: verifier });
    expect(exchange.status).toBe(200);
    expect(exchange.body.provider_type).toBe('github');
  });
});

describe('a development server whose own addresses or settings say it is reached from elsewhere', () => {
  // A proxy may forward with no trace at all (nginx's keepalive recipe sends its own upstream Host),
  // so the settings decide: any address of the deployment's own off loopback, or a proxy declared.
  const project = testConfig().project;
  const cases: Array<{ name: string; overrides: Partial<ServerConfig>; reason: string }> = [
    {
      name: 'emailed login links that land on a public page',
      overrides: { project: { ...project, loginRedirectUrls: ['https://auth.example.com/done'] } },
      reason: 'project.loginRedirectUrls https://auth.example.com/done',
    },
    {
      name: 'sign-up links',
      overrides: { project: { ...project, signupRedirectUrls: ['https://app.example.com/welcome'] } },
      reason: 'project.signupRedirectUrls https://app.example.com/welcome',
    },
    {
      name: 'reset links',
      overrides: { project: { ...project, resetPasswordRedirectUrls: ['https://app.example.com/reset'] } },
      reason: 'project.resetPasswordRedirectUrls https://app.example.com/reset',
    },
    {
      name: 'a passkey relying party',
      overrides: { project: { ...project, webauthn: { ...project.webauthn, rpId: 'example.com' } } },
      reason: 'project.webauthn.rpId example.com',
    },
    {
      name: "the identity provider's page",
      overrides: { idp: { ...testConfig().idp, authorizationPageUrl: 'https://app.example.com/idp' } },
      reason: 'server.idp.authorizationPageUrl https://app.example.com/idp',
    },
    { name: 'a proxy declared in front (trustProxy)', overrides: { trustProxy: 1 }, reason: 'server.trustProxy (a proxy stands in front)' },
  ];
  for (const { name, overrides, reason } of cases) {
    it(`${name}: no /dev/ route is served, even to a plain request from this machine`, async () => {
      const exposed = await startListening(overrides);
      try {
        for (const route of DEV_ROUTES) {
          const answer = await rawRequest(exposed.port, {
            method: route.method,
            path: route.path,
            body: route.body,
            headers: { Host: `localhost:${exposed.port}`, ...(route.contentType ? { 'Content-Type': route.contentType } : {}), ...route.headers },
          });
          expect(answer.status, route.name).toBe(403);
          expect(answer.body).toContain(`this server is set up to be reached from elsewhere (${reason})`);
        }
      } finally {
        await exposed.close();
      }
    });
  }
});

describe('a development server set up to be reached from elsewhere', () => {
  // A proxy may forward without a trace (nginx with proxy_http_version 1.1 and its default Host,
  // HAProxy, a TCP forwarder), but a deployment that serves a site names it in these settings.
  it('warns at start, naming what is not loopback, and serves no development route even to this machine', async () => {
    const main = runMain({ VESTIBULE_API_URL: 'https://auth.example.test', VESTIBULE_ALLOWED_ORIGINS: 'http://localhost:3000,https://app.example.test' });
    try {
      const url = await main.listening();
      expect(main.output()).toContain(
        'development mode: the outbox and the development sign-in are served to this machine only; set VESTIBULE_ENV=production to deploy',
      );
      expect(main.output()).toContain('server.publicUrl https://auth.example.test');
      expect(main.output()).toContain('project.allowedOrigins https://app.example.test');
      expect(main.output()).not.toContain('project.allowedOrigins http://localhost:3000');
      for (const path of ['/dev/outbox', `/dev/oauth/authorize?${AUTHORIZE_QUERY}`, '/dev/oauth/userinfo']) {
        const answer = await fetch(`${url}${path}`);
        expect(answer.status).toBe(403);
        const body = (await answer.json()) as { error_type: string; error_message: string };
        expect(body.error_type).toBe('forbidden');
        expect(body.error_message).toContain(
          'this server is set up to be reached from elsewhere (server.publicUrl https://auth.example.test, project.allowedOrigins https://app.example.test), so it serves them to no one',
        );
        expect(body.error_message).toContain('set VESTIBULE_ENV=production');
      }
    } finally {
      await main.stop();
    }
  }, 60_000);

  it('is not printed when every address is loopback', async () => {
    const main = runMain({});
    try {
      await main.listening();
      // The outbox line follows the API's, and may reach the pipe in a later chunk.
      await expect.poll(() => main.output()).toContain('Development outbox');
      expect(main.output()).not.toContain('development mode:');
    } finally {
      await main.stop();
    }
  }, 60_000);
});

describe('production', () => {
  it('refuses to start without its required settings and names each one', async () => {
    const main = runMain({ VESTIBULE_ENV: 'production', VESTIBULE_ALLOWED_ORIGINS: '' });
    expect(await main.exited).toBe(1);
    for (const missing of ['VESTIBULE_API_URL', 'VESTIBULE_SECRET', 'SMTP_URL', 'VESTIBULE_ALLOWED_ORIGINS']) expect(main.output()).toContain(missing);
    expect(main.output()).not.toContain('    at '); // a message for the operator, not a stack trace
  }, 30_000);

  it('starts with them, serves no outbox, and issues tokens with the configured issuer (not its own port)', async () => {
    const main = runMain({
      VESTIBULE_ENV: 'production',
      VESTIBULE_API_URL: 'https://auth.example.test',
      VESTIBULE_SECRET: 'production-secret-0123456789abcdef-xyz',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    try {
      const url = await main.listening();
      expect(main.output()).not.toContain('outbox');
      expect((await fetch(`${url}/dev/outbox`)).status).toBe(404);
      const created = await fetch(`${url}/sdk/v1/passwords`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Public-Token': 'public-token-test-5f3a9c1e-demo' },
        body: JSON.stringify({ email: uniqueEmail('prod'), password: 'Production passphrase 42 ok' }),
      });
      const { session_jwt } = (await created.json()) as { session_jwt: string };
      const claims = JSON.parse(Buffer.from(session_jwt.split('.')[1]!, 'base64url').toString('utf8')) as { iss: string };
      expect(claims.iss).toBe('https://auth.example.test');
    } finally {
      expect(await main.stop()).toBe(0);
    }
  }, 60_000);
});
