import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { createSessionVerifier } from '../src/host/index.js';
import { startServer } from '../src/index.js';
import { tokenFromLink, uniqueEmail } from './helpers/harness.js';
import { dataDirWithDatabase, PUBLIC_TOKEN, testConfig } from './helpers/test-config.js';

const headers = { 'X-Public-Token': PUBLIC_TOKEN, 'Content-Type': 'application/json' };

describe('startServer', () => {
  it('listens on 127.0.0.1 and localhost, serves a full sign-in that a host back end verifies, and closes cleanly', async () => {
    const dataDir = dataDirWithDatabase();
    const base = testConfig({ port: 0, dataDir });
    const server = await startServer(base);
    let rememberedEmail = '';
    try {
      expect(server.url).toBe(`http://localhost:${server.port}`);
      expect(existsSync(join(dataDir, 'db'))).toBe(true);
      for (const host of ['127.0.0.1', 'localhost']) {
        const health = await fetch(`http://${host}:${server.port}/healthz`);
        expect(await health.json()).toEqual({ status: 'ok' });
      }
      const apiUrl = `http://127.0.0.1:${server.port}`;
      const email = uniqueEmail('http');
      rememberedEmail = email;
      await fetch(`${apiUrl}/sdk/v1/magic_links/email/login_or_create`, { method: 'POST', headers, body: JSON.stringify({ email }) });
      const outbox = (await (await fetch(`${apiUrl}/dev/outbox?to=${email}`)).json()) as { messages: Array<{ text: string }> };
      const { token } = tokenFromLink(outbox.messages[0]!.text);
      const session = (await (
        await fetch(`${apiUrl}/sdk/v1/magic_links/authenticate`, { method: 'POST', headers, body: JSON.stringify({ token }) })
      ).json()) as SessionResponse;

      // The issuer is the configured public URL; the JWKS is fetched over HTTP by jose.
      const verifier = createSessionVerifier({ apiUrl: base.publicUrl, publicToken: PUBLIC_TOKEN, jwksUrl: `${apiUrl}/.well-known/jwks.json` });
      const claims = await verifier.verify(session.session_jwt);
      expect(claims.sub).toBe(session.user_id);
      expect(claims.vestibule_session.session_id).toBe(session.session.session_id);
      await expect(
        createSessionVerifier({ apiUrl: base.publicUrl, publicToken: 'another-project', jwksUrl: `${apiUrl}/.well-known/jwks.json` }).verify(
          session.session_jwt,
        ),
      ).rejects.toThrow();
      await expect(verifier.verify(`${session.session_jwt.slice(0, -4)}AAAA`)).rejects.toThrow();
    } finally {
      await server.close();
    }
    await expect(fetch(`http://127.0.0.1:${server.port}/healthz`)).rejects.toThrow();

    // The same data dir opens again (the embedded database was closed cleanly) and keeps its users.
    const again = await startServer({ ...base, port: 0 });
    try {
      const known = await fetch(`http://127.0.0.1:${again.port}/sdk/v1/magic_links/email/login_or_create`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: rememberedEmail }),
      });
      expect(((await known.json()) as { user_created: boolean }).user_created).toBe(false);
    } finally {
      await again.close();
    }
  });

  it('main.ts prints the API URL and exits cleanly on SIGTERM', async () => {
    const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, VESTIBULE_API_PORT: '0', VESTIBULE_DATA_DIR: dataDirWithDatabase() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    await new Promise<void>((resolveWait, reject) => {
      const timer = setTimeout(() => reject(new Error(`main.ts did not start: ${output}`)), 45_000);
      child.stdout.on('data', () => {
        if (/Vestibule API: http:\/\/localhost:\d+/.test(output)) {
          clearTimeout(timer);
          resolveWait();
        }
      });
    });
    const port = /localhost:(\d+)/.exec(output)![1];
    expect((await fetch(`http://localhost:${port}/healthz`)).status).toBe(200);
    const code = await new Promise<number | null>((resolveExit) => {
      child.on('exit', (exitCode) => resolveExit(exitCode));
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
  }, 60_000);
});
