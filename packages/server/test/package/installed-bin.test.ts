import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { tokenFromLink, uniqueEmail } from '../helpers/harness.js';
import { watchServerProcess } from '../helpers/server-process.js';
import { tempDir } from '../helpers/test-config.js';

/**
 * The server as a host gets it (issue 17): the contract and server packed into tarballs, installed
 * into an empty folder outside the repository (nothing linked), and started with `npx
 * vestibule-server` on the embedded database with the environment alone; then a sign-in over
 * HTTP. Nothing in the installed folder sees the repository's TypeScript, tsx or config file.
 */
const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
const run = promisify(execFile);
const PUBLIC_TOKEN = 'public-token-test-installed';

interface PackedFile {
  filename: string;
  size: number;
  files: Array<{ path: string }>;
}

/** The environment of a host's shell: none of the settings this machine may have set for other runs. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([name]) => !/^(VESTIBULE_|DATABASE_URL$|SMTP_URL$|TWILIO_)/.test(name));
  return { ...Object.fromEntries(inherited), ...extra };
}

function npm(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return run('npm', args, { cwd, env: cleanEnv(), maxBuffer: 16 * 1024 * 1024 });
}

let folder: string;
let app: string;
let packed: PackedFile[];

beforeAll(async () => {
  folder = tempDir('vestibule-installed-');
  app = join(folder, 'app');
  const tarballs = join(folder, 'tarballs');
  mkdirSync(app);
  mkdirSync(tarballs);
  await npm(['run', 'build', '-w', '@vestibule/contract', '-w', '@vestibule/server'], repoRoot);
  packed = JSON.parse(
    (await npm(['pack', '-w', '@vestibule/contract', '-w', '@vestibule/server', '--pack-destination', tarballs, '--json'], repoRoot)).stdout,
  ) as PackedFile[];
  await npm(['init', '-y'], app);
  await npm(['install', ...packed.map((tarball) => join(tarballs, tarball.filename)), '--no-audit', '--no-fund', '--prefer-offline'], app);
}, 300_000);

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('@vestibule/server installed from its tarball', () => {
  it('packs its compiled JavaScript, types, licence and config schema, without sources or tests', () => {
    const server = packed.find((tarball) => tarball.filename.startsWith('vestibule-server-'))!;
    const paths = server.files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'dist/main.js',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/host/index.js',
        'LICENSE',
        'README.md',
        'vestibule.config.schema.json',
        'package.json',
      ]),
    );
    expect(paths.filter((path) => path.startsWith('src/') || path.startsWith('test/') || path.startsWith('scripts/'))).toEqual([]);
  });

  it('installs manifests that point only at built files (no `source` condition into src/), and leaves the repository its own', () => {
    for (const name of ['@vestibule/contract', '@vestibule/server']) {
      const manifest = readFileSync(join(app, 'node_modules', name, 'package.json'), 'utf8');
      expect(JSON.parse(manifest).exports, name).toBeTruthy();
      expect(manifest, name).not.toContain('"source"');
      expect(manifest, name).not.toContain('./src/');
    }
    expect(readFileSync(join(repoRoot, 'packages/server/package.json'), 'utf8')).toContain('"source": "./src/index.ts"');
  });

  it("gives a host's compiler the whole ServerConfig: every feature's settings, declared in its folder, reach the built types", async () => {
    // A host builds or edits the config in code; the features' parts are declaration merging, which
    // only holds if the package's entry leads the compiler to every feature's declarations.
    writeFileSync(
      join(app, 'host.ts'),
      [
        "import { loadConfig, type RateLimitConfig, type ServerConfig } from '@vestibule/server';",
        'const config: ServerConfig = loadConfig();',
        'const settings: Array<number | string | boolean> = [config.project.loginExpirationMinutes, config.project.webauthn.rpId, config.project.maxSessionAgeMinutes, config.project.displayWatermark, config.oauth.googleOneTapScriptUrl, config.argon2.memoryCost, config.smsHourlyBudget, config.idp.authorizationPageUrl];',
        "const rules: Array<keyof RateLimitConfig> = ['magicLinkPerIp', 'otpPerIp', 'passwordLockout', 'webauthnPerIp', 'oauthPerIp', 'cryptoPerIp', 'userSearchPerIp', 'eventsPerIp', 'idpPerIp'];",
        '// @ts-expect-error no such setting',
        'void config.project.noSuchSetting;',
        'console.log(settings, rules);',
        '',
      ].join('\n'),
    );
    const options = {
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: 'ES2022',
      typeRoots: [join(repoRoot, 'node_modules/@types')],
      types: ['node'],
    };
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['host.ts'] }));
    const compiled = await run(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', app], { cwd: app, env: cleanEnv() }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(compiled).toBe('');
  }, 60_000);

  it('`vestibule-server --help` lists its commands and every setting; an unknown flag exits 2, a missing setting 1', async () => {
    const { stdout } = await run('npx', ['vestibule-server', '--help'], { cwd: app, env: cleanEnv() });
    for (const text of [
      'start',
      'help',
      '--config <file>',
      '--version',
      'VESTIBULE_API_PORT',
      'VESTIBULE_PUBLIC_TOKEN',
      'VESTIBULE_DATA_DIR',
      'DATABASE_URL',
      'project.allowedOrigins',
      'server.rateLimits.otpPerIp',
      '(default: `8787`)',
    ]) {
      expect(stdout).toContain(text);
    }
    const failing = (args: string[]) =>
      run('npx', ['vestibule-server', ...args], { cwd: app, env: cleanEnv() }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
    const unknown = await failing(['--no-such-flag']);
    expect(unknown?.code).toBe(2);
    expect(unknown?.stderr).toContain("'--no-such-flag'");
    // No file and no environment: a configuration error naming what to set, not a stack trace.
    const unset = await failing([]);
    expect(unset?.code).toBe(1);
    expect(unset?.stderr).toContain('project.name: required: set it in vestibule.config.json');
    expect(unset?.stderr).toContain('VESTIBULE_PROJECT_NAME');
  }, 60_000);

  it('`npx vestibule-server` starts on the embedded database with the environment alone, and signs a user in', async () => {
    const child: ChildProcess = spawn('npx', ['vestibule-server'], {
      cwd: app,
      // Its own process group: npx runs the bin as a child, and the group is stopped as one.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: cleanEnv({
        VESTIBULE_ENV: 'development',
        VESTIBULE_API_PORT: '0',
        VESTIBULE_DATA_DIR: join(folder, 'data'),
        VESTIBULE_PROJECT_NAME: 'Installed',
        VESTIBULE_PUBLIC_TOKEN: PUBLIC_TOKEN,
        VESTIBULE_ALLOWED_ORIGINS: 'http://localhost:3000',
        VESTIBULE_LOGIN_REDIRECT_URLS: 'http://localhost:3000/welcome',
        VESTIBULE_SIGNUP_REDIRECT_URLS: 'http://localhost:3000/welcome',
        VESTIBULE_EMAIL_FROM: 'Installed <login@installed.test>',
      }),
    });
    const { exited, listening } = watchServerProcess(child);
    try {
      const api = await listening();
      expect((await fetch(`${api}/healthz`)).status).toBe(200);

      const headers = { 'X-Public-Token': PUBLIC_TOKEN, 'Content-Type': 'application/json' };
      const email = uniqueEmail();
      const sent = await fetch(`${api}/sdk/v1/magic_links/email/login_or_create`, { method: 'POST', headers, body: JSON.stringify({ email }) });
      expect(sent.status).toBe(200);
      const { messages } = (await (await fetch(`${api}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ text: string }> };
      const { link, token } = tokenFromLink(messages[0]!.text);
      expect(link.origin + link.pathname).toBe('http://localhost:3000/welcome');

      const signedIn = await fetch(`${api}/sdk/v1/magic_links/authenticate`, { method: 'POST', headers, body: JSON.stringify({ token }) });
      expect(signedIn.status).toBe(200);
      const session = (await signedIn.json()) as SessionResponse;
      const again = await fetch(`${api}/sdk/v1/sessions/authenticate`, {
        method: 'POST',
        headers: { ...headers, Authorization: `Bearer ${session.session_token}` },
        body: '{}',
      });
      expect(again.status).toBe(200);
      expect(((await again.json()) as SessionResponse).user.user_id).toBe(session.user.user_id);
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }, 120_000);
});
