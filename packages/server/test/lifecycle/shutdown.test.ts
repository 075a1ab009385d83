import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/harness.js';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.js';
import { dataDirWithDatabase, PUBLIC_TOKEN } from '../helpers/test-config.js';

const PASSWORD = 'glacier-violin-mango-tundra';
const IN_FLIGHT = 50;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A POST whose headers go at once and whose body waits for `send`: in flight at the server from its
 * headers on. `from`: the client's own loopback address (the server counts limits by it).
 */
function heldPost(port: number, path: string, body: unknown, from = '127.0.0.1'): { send(): void; answer: Promise<Answer> } {
  const payload = JSON.stringify(body);
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    agent: false,
    localAddress: from,
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), 'X-Public-Token': PUBLIC_TOKEN },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  return { send: () => req.end(payload), answer };
}

async function post(port: number, path: string, body: unknown): Promise<Answer> {
  const held = heldPost(port, path, body);
  held.send();
  return held.answer;
}

/** Whether a new TCP connection to the port is refused (ECONNREFUSED), as a stopped listener does. */
function refused(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/** vestibule-server with `graceSeconds` to answer what is in flight at SIGTERM, logging JSON lines. */
function serverWithGrace(graceSeconds: number, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerProcess({
    VESTIBULE_DATA_DIR: dataDirWithDatabase(),
    VESTIBULE_PUBLIC_TOKEN: PUBLIC_TOKEN,
    VESTIBULE_LOG_FORMAT: 'json',
    VESTIBULE_SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    ...env,
  });
}

/** Starting Node with tsx, fifty argon2 verifications one at a time, and the drain, on a machine others share. */
const TIMEOUT_MS = 120_000;

describe('graceful shutdown: vestibule-server on SIGTERM', () => {
  let server: ServerProcess | undefined;
  afterEach(() => {
    server?.child.kill('SIGKILL');
  });

  it(
    `answers every one of ${IN_FLIGHT} slow sign-ins in flight, refuses new connections, says it is not ready meanwhile, and exits 0`,
    async () => {
      // Room for fifty argon2 verifications in a row on a busy machine: what is tested is that each is answered.
      server = await serverWithGrace(60, {
        // The sign-ins all wait for the hashing queue at once (its default length, 32, would turn some away).
        VESTIBULE_HASH_QUEUE_LENGTH: String(IN_FLIGHT * 2),
      });
      const port = Number(new URL(server.url).port);
      // Two accounts, 25 sign-ins each: under the per-account limit (50 in 10 minutes).
      const emails = [uniqueEmail('drain'), uniqueEmail('drain')];
      for (const email of emails) expect((await post(port, '/sdk/v1/passwords', { email, password: PASSWORD })).status).toBe(200);

      // Each from an address of its own: sign-ins under way for one account from one address count
      // towards its lockout until they succeed, and more than ten at once are refused.
      const signIns = Array.from({ length: IN_FLIGHT }, (_, i) =>
        heldPost(port, '/sdk/v1/passwords/authenticate', { email: emails[i % 2], password: PASSWORD }, `127.0.1.${i + 1}`),
      );
      // A readiness probe already under way: its request line arrived, the end of its headers not yet.
      const probe: Socket = connect(port, '127.0.0.1');
      let probeAnswer = '';
      probe.on('data', (chunk) => (probeAnswer += chunk));
      const probeClosed = new Promise<void>((resolve) => probe.on('close', () => resolve()));
      probe.write(`GET /readyz HTTP/1.1\r\nHost: localhost:${port}\r\n`);
      // A keep-alive connection, idle once answered; that round trip also means the server has read
      // every header sent before it.
      const idle = connect(port, '127.0.0.1');
      const idleClosed = new Promise<void>((resolve) => idle.on('close', () => resolve()));
      const idleAnswered = new Promise<string>((resolve) => idle.once('data', (chunk) => resolve(String(chunk))));
      idle.write(`GET /healthz HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
      expect(await idleAnswered).toMatch(/^HTTP\/1\.1 200 [\s\S]*connection: keep-alive/i);

      server.child.kill('SIGTERM');
      expect(await waitUntil(() => refused(port, '127.0.0.1'), 10_000)).toBe(true);
      expect(await refused(port, '::1')).toBe(true);
      // The idle connection is closed at once, while the sign-ins still wait for their bodies.
      await idleClosed;

      // Only now do the bodies go: every request is answered, and tells its client to connect elsewhere next.
      for (const signIn of signIns) signIn.send();
      probe.write('\r\n');
      const answers = await Promise.all(signIns.map((signIn) => signIn.answer));
      expect(answers.map((answer) => answer.status)).toEqual(Array(IN_FLIGHT).fill(200));
      for (const answer of answers) {
        expect(JSON.parse(answer.body).session_token).toEqual(expect.any(String));
        expect(answer.headers.connection).toBe('close');
      }
      await probeClosed;
      expect(probeAnswer).toMatch(/^HTTP\/1\.1 503 /);
      expect(probeAnswer).toMatch(/connection: close/i);
      expect(probeAnswer).toContain('"error_type":"not_ready"');
      expect(probeAnswer).toContain('This instance is shutting down.');

      expect(await server.exited).toBe(0);
      expect(server.output()).not.toMatch(/cut \d+ request/);
    },
    TIMEOUT_MS,
  );

  it(
    'forgets requests pipelined on a connection the client reset: each is logged as closed, and a shutdown does not wait for them',
    async () => {
      server = await serverWithGrace(60);
      const port = Number(new URL(server.url).port);
      // A sign-in (an argon2 verification: slow) and twenty probes behind it on one connection, which
      // the client resets before the sign-in is answered: the probes' answers wait behind it, never sent.
      const payload = JSON.stringify({ email: uniqueEmail('pipelined'), password: PASSWORD });
      const connection = connect(port, '127.0.0.1');
      connection.on('error', () => undefined);
      await new Promise<void>((resolve) => connection.once('connect', () => resolve()));
      connection.write(
        `POST /sdk/v1/passwords/authenticate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Public-Token: ${PUBLIC_TOKEN}\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}` +
          'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n'.repeat(20),
      );
      const closedProbes = () => server!.output().match(/"route":"\/healthz".*"completed":false/g)?.length ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 20));
      connection.resetAndDestroy();
      expect(await waitUntil(async () => closedProbes() === 20, 10_000)).toBe(true);

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(30_000);
      expect(server.output()).not.toMatch(/cut \d+ request/);
    },
    TIMEOUT_MS,
  );

  it(
    'cuts a request that outlives the grace, says so in the log, and exits 1',
    async () => {
      server = await serverWithGrace(1);
      const port = Number(new URL(server.url).port);
      // Its body never comes: it is in flight until the grace ends.
      const stuck = heldPost(port, '/sdk/v1/passwords/authenticate', { email: uniqueEmail('stuck'), password: PASSWORD });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await expect(stuck.answer).rejects.toThrow(/socket hang up|ECONNRESET/);
      // Not before the grace: the request had its second.
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1000);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('cut 1 request still unanswered after the 1 s grace');
      // Its own line is written before the process exits.
      expect(server.output()).toMatch(/"route":"\/sdk\/v1\/passwords\/authenticate","status":499,.*"completed":false/);
    },
    TIMEOUT_MS,
  );
});
