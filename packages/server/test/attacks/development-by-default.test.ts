import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { dataDirWithDatabase } from '../helpers/test-config.js';

/**
 * Finding 7: with no setting the server ran in development and served the outbox (plain codes and
 * links) to anyone who could reach the port. The outbox now answers loopback clients only, and
 * production refuses to start without the settings that make it safe, naming each one.
 */
const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));

interface Main {
  exited: Promise<number | null>;
  output(): string;
  /** Resolves with the API URL once main.ts says it is listening. */
  listening(): Promise<string>;
  stop(): Promise<number | null>;
}

function runMain(env: Record<string, string>): Main {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', VESTIBULE_API_PORT: '0', VESTIBULE_DATA_DIR: dataDirWithDatabase(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return {
    exited,
    output: () => output,
    listening: () =>
      new Promise((done, fail) => {
        const timer = setInterval(() => {
          const url = /Vestibule API: (http:\/\/localhost:\d+)/.exec(output)?.[1];
          if (url) {
            clearInterval(timer);
            done(url);
          }
        }, 50);
        void exited.then(() => {
          clearInterval(timer);
          fail(new Error(`main.ts exited: ${output}`));
        });
      }),
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('the development outbox', () => {
  let s: ListeningServer;
  beforeAll(async () => {
    // Behind a proxy on this machine, requests from elsewhere arrive with the address it saw.
    s = await startListening({ trustProxy: ['loopback'] });
  });
  afterAll(() => s.close());

  it('is served to this machine over 127.0.0.1 and ::1', async () => {
    const email = uniqueEmail('outbox');
    await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email });
    for (const from of ['127.0.0.1', '::1']) {
      const answer = await s.send('GET', `/dev/outbox?to=${email}`, undefined, { from, token: null });
      expect(answer.status).toBe(200);
      expect(answer.body.messages).toHaveLength(1);
    }
  });

  it('is refused to a client on another machine, with no message in the answer', async () => {
    const answer = await s.send('GET', '/dev/outbox', undefined, { token: null, headers: { 'X-Forwarded-For': '203.0.113.50' } });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error_type: 'forbidden', error_message: 'The development outbox is served only to this machine (a loopback address).' });
    expect(JSON.stringify(answer.body)).not.toContain('messages');
  });
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
