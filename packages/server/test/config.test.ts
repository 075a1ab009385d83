import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/index.js';
import { REPO_CONFIG, tempDir } from './helpers/test-config.js';

function projectDir(project: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): string {
  const dir = tempDir('vestibule-config-');
  const base = {
    name: 'Acme',
    publicToken: 'public-token-live-acme',
    allowedOrigins: ['https://acme.example'],
    loginRedirectUrls: ['https://acme.example/auth'],
    signupRedirectUrls: ['https://acme.example/welcome'],
    emailFrom: 'Acme <hello@mail.acme.example>',
  };
  writeFileSync(join(dir, 'vestibule.config.json'), JSON.stringify({ project: { ...base, ...project }, ...extra }));
  return dir;
}

describe('loadConfig', () => {
  it("reads the repo's demo config with its documented defaults", () => {
    const cwd = tempDir();
    const config = loadConfig({ file: REPO_CONFIG, cwd, env: {} });
    expect(config).toMatchObject({
      env: 'development',
      port: 8787,
      publicUrl: 'http://localhost:8787',
      dataDir: join(cwd, '.data'),
      databaseUrl: null,
      smtpUrl: null,
      outboxEnabled: true,
      project: {
        name: 'Vestibule Demo',
        publicToken: 'public-token-test-5f3a9c1e-demo',
        allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
        loginRedirectUrls: ['http://localhost:3000/reset', 'http://127.0.0.1:3000/reset', 'http://localhost:3000/account', 'http://127.0.0.1:3000/account'],
        signupRedirectUrls: ['http://localhost:3000/reset', 'http://127.0.0.1:3000/reset'],
        emailFrom: 'Vestibule Demo <login@vestibule.test>',
        loginExpirationMinutes: 30,
        signupExpirationMinutes: 30,
        sessionDurationMinutes: 30,
        sessionJwtMinutes: 5,
        displayWatermark: true,
        passwordPolicy: { policy: 'zxcvbn', minScore: 3 },
        resetPasswordRedirectUrls: ['http://localhost:3000/reset', 'http://127.0.0.1:3000/reset'],
        rbacPolicy: null,
      },
    });
  });

  it('finds vestibule.config.json in cwd or a parent, and VESTIBULE_CONFIG names another file', () => {
    const dir = projectDir();
    const nested = join(dir, 'a', 'b');
    mkdirSync(nested, { recursive: true });
    expect(loadConfig({ cwd: nested, env: {} }).project.name).toBe('Acme');
    expect(loadConfig({ cwd: tempDir(), env: { VESTIBULE_CONFIG: join(dir, 'vestibule.config.json') } }).project.name).toBe('Acme');
    expect(() => loadConfig({ cwd: tempDir(), env: { VESTIBULE_CONFIG: '/nope/vestibule.config.json' } })).toThrow(/VESTIBULE_CONFIG/);
  });

  it('without a file, takes everything from the environment and names what is missing', () => {
    const env = {
      VESTIBULE_PROJECT_NAME: 'Acme',
      VESTIBULE_PUBLIC_TOKEN: 'public-token-live-acme',
      VESTIBULE_ALLOWED_ORIGINS: 'https://acme.example',
      VESTIBULE_LOGIN_REDIRECT_URLS: 'https://acme.example/auth',
      VESTIBULE_SIGNUP_REDIRECT_URLS: 'https://acme.example/welcome',
      VESTIBULE_EMAIL_FROM: 'Acme <hello@mail.acme.example>',
      VESTIBULE_SECRET: 'a-secret-of-at-least-32-characters-long',
    };
    const cwd = tempDir();
    expect(loadConfig({ cwd, env })).toMatchObject({
      port: 8787,
      secret: env.VESTIBULE_SECRET,
      project: { name: 'Acme', allowedOrigins: ['https://acme.example'], sessionDurationMinutes: 30 },
    });
    const { VESTIBULE_PUBLIC_TOKEN: _, ...withoutToken } = env;
    expect(() => loadConfig({ cwd, env: withoutToken })).toThrow(
      `project.publicToken: required: set it in vestibule.config.json (none found in ${cwd} or its parents) or set VESTIBULE_PUBLIC_TOKEN`,
    );
    expect(() => loadConfig({ cwd: projectDir({ publicToken: undefined }), env: {} })).toThrow(
      /project\.publicToken: required: set it in \/.*vestibule\.config\.json or set VESTIBULE_PUBLIC_TOKEN/,
    );
  });

  it('applies every environment override', () => {
    const config = loadConfig({
      cwd: projectDir(),
      env: {
        VESTIBULE_API_PORT: '9000',
        VESTIBULE_DATA_DIR: '/var/lib/vestibule',
        DATABASE_URL: 'postgres://u:p@db:5432/vestibule',
        VESTIBULE_ENV: 'production',
        SMTP_URL: 'smtp://user:pass@mail:2525',
        VESTIBULE_EMAIL_FROM: 'Other <no-reply@other.example>',
        VESTIBULE_PUBLIC_TOKEN: 'public-token-live-other',
        VESTIBULE_ALLOWED_ORIGINS: 'https://a.example, https://b.example',
        VESTIBULE_LOGIN_REDIRECT_URLS: 'https://a.example/login',
        VESTIBULE_SIGNUP_REDIRECT_URLS: 'https://a.example/signup,https://b.example/signup',
        VESTIBULE_API_URL: 'https://auth.acme.example',
        VESTIBULE_SECRET: 'a-production-secret-of-at-least-32-characters',
      },
    });
    expect(config).toMatchObject({
      port: 9000,
      publicUrl: 'https://auth.acme.example',
      secret: 'a-production-secret-of-at-least-32-characters',
      dataDir: '/var/lib/vestibule',
      databaseUrl: 'postgres://u:p@db:5432/vestibule',
      env: 'production',
      outboxEnabled: false,
      smtpUrl: 'smtp://user:pass@mail:2525',
      project: {
        emailFrom: 'Other <no-reply@other.example>',
        publicToken: 'public-token-live-other',
        allowedOrigins: ['https://a.example', 'https://b.example'],
        loginRedirectUrls: ['https://a.example/login'],
        signupRedirectUrls: ['https://a.example/signup', 'https://b.example/signup'],
      },
    });
    expect(loadConfig({ cwd: projectDir(), env: { VESTIBULE_API_URL: 'https://auth.acme.example/' } }).publicUrl).toBe('https://auth.acme.example');
  });

  it('per-address send limits from the environment (JSON); JSON that does not parse names its variable', () => {
    const env = { VESTIBULE_OTP_PER_IP: '{"limit":1000,"windowSeconds":600}', VESTIBULE_MAGIC_LINK_PER_IP: '{"limit":5,"windowSeconds":60}' };
    const config = loadConfig({ file: REPO_CONFIG, cwd: tempDir(), env });
    expect(config.rateLimits.otpPerIp).toEqual({ limit: 1000, windowSeconds: 600 });
    expect(config.rateLimits.magicLinkPerIp).toEqual({ limit: 5, windowSeconds: 60 });
    expect(() => loadConfig({ file: REPO_CONFIG, cwd: tempDir(), env: { VESTIBULE_OTP_PER_IP: '1000' } })).toThrow(/VESTIBULE_OTP_PER_IP/);
    expect(() => loadConfig({ file: REPO_CONFIG, cwd: tempDir(), env: { VESTIBULE_OTP_PER_IP: '{limit' } })).toThrow(
      /^Invalid Vestibule configuration: VESTIBULE_OTP_PER_IP: .*JSON/,
    );
  });

  it('throws a ConfigError naming the field at fault', () => {
    const cases: Array<[() => unknown, RegExp]> = [
      [() => loadConfig({ cwd: projectDir(), env: { VESTIBULE_API_PORT: 'eighty' } }), /VESTIBULE_API_PORT/],
      [() => loadConfig({ cwd: projectDir(), env: { VESTIBULE_ENV: 'staging' } }), /VESTIBULE_ENV/],
      [() => loadConfig({ cwd: projectDir(), env: { DATABASE_URL: 'mysql://x' } }), /DATABASE_URL/],
      [() => loadConfig({ cwd: projectDir(), env: { SMTP_URL: 'not a url' } }), /SMTP_URL/],
      [() => loadConfig({ cwd: projectDir(), env: { VESTIBULE_ALLOWED_ORIGINS: 'https://a.example/path' } }), /VESTIBULE_ALLOWED_ORIGINS/],
      [() => loadConfig({ cwd: projectDir(), env: { VESTIBULE_EMAIL_FROM: 'nobody' } }), /VESTIBULE_EMAIL_FROM/],
      [() => loadConfig({ cwd: projectDir({ loginExpirationMinutes: 2 }), env: {} }), /project\.loginExpirationMinutes/],
      [() => loadConfig({ cwd: projectDir({ colour: 'red' }), env: {} }), /project\.colour: unknown field/],
      [() => loadConfig({ cwd: projectDir({ loginRedirectUrls: [] }), env: {} }), /project\.loginRedirectUrls/],
      [() => loadConfig({ cwd: projectDir({}, { server: { port: 'x' } }), env: {} }), /server\.port/],
      [() => loadConfig({ cwd: projectDir(), env: { VESTIBULE_CLIENT_IPV6_PREFIX: '32' } }), /VESTIBULE_CLIENT_IPV6_PREFIX/],
    ];
    for (const [load, field] of cases) {
      let error: unknown;
      try {
        load();
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(field);
    }
  });
});
