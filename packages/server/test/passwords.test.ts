import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/index.js';
import { harnessFor, randomIp, startHarness, testClock, uniqueEmail, type Harness } from './helpers/harness.js';
import { testConfig } from './helpers/test-config.js';

const STRONG = 'glacier-violin-mango-tundra';
const STRONG2 = 'orbit Pickle 74 lantern quasar';

function resetTokenFrom(text: string): { link: URL; token: string } {
  const match = /https?:\/\/\S+vestibule_token_type=reset_password\S*/.exec(text);
  if (!match) throw new Error(`No reset link in: ${text}`);
  const link = new URL(match[0]);
  return { link, token: link.searchParams.get('token')! };
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function createUser(email = uniqueEmail('pw'), password = STRONG) {
  const response = await h.json('POST', '/sdk/v1/passwords', { email, password });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { email, password, body: response.body };
}

describe('hashing', () => {
  it('stores an argon2id hash with the configured parameters and no plain password anywhere', async () => {
    const { email, password, body } = await createUser();
    const row = await h.server.db.selectFrom('user_passwords').selectAll().where('user_id', '=', body.user_id).executeTakeFirstOrThrow();
    expect(row.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.hash).not.toContain(password);
    expect(body.user.password).toEqual({ password_id: row.password_id });
    expect(body.session.authentication_factors[0]).toMatchObject({ type: 'password', delivery_method: 'knowledge' });
    expect(body.user.emails[0]).toMatchObject({ email, verified: false });
    const dump =
      JSON.stringify(await h.server.db.selectFrom('users').selectAll().execute()) +
      JSON.stringify(await h.server.db.selectFrom('sessions').selectAll().execute());
    expect(dump).not.toContain(password);
  });

  it('rehashes on login after a parameter change', async () => {
    const config = testConfig({ argon2: { memoryCost: 8192, timeCost: 1, parallelism: 1 } });
    const clock = testClock();
    const quiet = { info() {}, warn() {}, error() {} };
    let server = await createServer(config, { clock, logger: quiet });
    let hh = harnessFor(server, config, clock);
    const email = uniqueEmail('rehash');
    expect((await hh.json('POST', '/sdk/v1/passwords', { email, password: STRONG })).status).toBe(200);
    const before = await server.db.selectFrom('user_passwords').select('hash').executeTakeFirstOrThrow();
    expect(before.hash).toContain('m=8192,t=1,p=1');
    await server.close();

    const upgraded = { ...config, argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 } };
    server = await createServer(upgraded, { clock, logger: quiet });
    hh = harnessFor(server, upgraded, clock);
    expect((await hh.json('POST', '/sdk/v1/passwords/authenticate', { email, password: STRONG })).status).toBe(200);
    const after = await server.db.selectFrom('user_passwords').select('hash').executeTakeFirstOrThrow();
    expect(after.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await hh.json('POST', '/sdk/v1/passwords/authenticate', { email, password: STRONG })).status).toBe(200);
    await server.close();
  });
});

describe('user search', () => {
  it('answers new, password and passwordless', async () => {
    const search = async (email: string) => (await h.json('POST', '/sdk/v1/users/search', { email })).body.userType;
    expect(await search(uniqueEmail('nobody'))).toBe('new');
    const { email } = await createUser();
    expect(await search(email.toUpperCase())).toBe('password');
    const linkUser = uniqueEmail('link');
    await h.signIn(linkUser);
    expect(await search(linkUser)).toBe('passwordless');
    expect((await h.json('POST', '/sdk/v1/users/search', { email: 'not-an-email' })).body.error_type).toBe('invalid_email');
  });
});

describe('strength check (zxcvbn)', () => {
  const check = (body: Record<string, unknown>) => h.json('POST', '/sdk/v1/passwords/strength_check', body);

  it("finds 'password' breached and invalid", async () => {
    const { status, body } = await check({ password: 'password' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ score: 0, valid_password: false, breached_password: true, strength_policy: 'zxcvbn' });
    expect(body.feedback.warning).toBe('This is a heavily used password.');
    expect(body.feedback.luds_requirements).toBeNull();
    // Case-insensitive comparison with the local corpus.
    expect((await check({ password: 'PassWord' })).body.breached_password).toBe(true);
  });

  it('accepts a strong passphrase', async () => {
    const { body } = await check({ password: STRONG });
    expect(body).toMatchObject({ score: 4, valid_password: true, breached_password: false, feedback: { warning: '', suggestions: [] } });
  });

  it('penalises the email and its parts', async () => {
    const password = 'quintessa.marlowe';
    const alone = (await check({ password })).body;
    const withEmail = (await check({ password, email: 'quintessa.marlowe@wexford.example' })).body;
    expect(withEmail.score).toBeLessThan(alone.score);
    expect(withEmail.valid_password).toBe(false);
    const domain = (await check({ password: 'wexfordwexford', email: 'ann@wexford.example' })).body;
    expect(domain.score).toBeLessThanOrEqual(1);
  });

  it('judges a long password by its first 64 characters (zxcvbn took seconds of the event loop for 256), which can only make it weaker than it is, never stronger', async () => {
    const start = 'p@$$w0rd'.repeat(8);
    const long = await check({ password: `${start}${'Zq9!vK2#mW7$'.repeat(16)}`.slice(0, 256) });
    const alone = await check({ password: start });
    expect(long.status).toBe(200);
    expect(long.body.score).toBe(alone.body.score);
    expect(long.body.valid_password).toBe(false);
  });

  it('refuses passwords over 256 characters', async () => {
    expect((await check({ password: 'a'.repeat(257) })).body.error_type).toBe('bad_request');
    expect((await h.json('POST', '/sdk/v1/passwords', { email: uniqueEmail(), password: 'Ab1!'.repeat(65) })).body.error_type).toBe('bad_request');
  });
});

describe('policy none', () => {
  let n: Harness;
  beforeAll(async () => {
    n = await startHarness({}, { VESTIBULE_PASSWORD_POLICY: 'none' });
  });
  afterAll(() => n.close());

  it('judges no strength: any password is valid unless it is known breached, and bootstrap has no luds counts', async () => {
    expect((await n.json('POST', '/sdk/v1/passwords/strength_check', { password: 'a' })).body).toMatchObject({
      strength_policy: 'none',
      valid_password: true,
      breached_password: false,
      feedback: { warning: '', suggestions: [], luds_requirements: null },
    });
    expect((await n.json('POST', '/sdk/v1/passwords/strength_check', { password: 'password' })).body).toMatchObject({
      valid_password: false,
      breached_password: true,
    });
    expect((await n.json('POST', '/sdk/v1/passwords', { email: uniqueEmail('none'), password: 'a' })).status).toBe(200);
    expect((await n.json('POST', '/sdk/v1/passwords', { email: uniqueEmail('none'), password: 'password' })).body.error_type).toBe('weak_password');
    expect((await n.json('GET', '/sdk/v1/projects/bootstrap')).body.passwordConfig).toBeNull();
  });
});

describe('strength check (luds)', () => {
  let l: Harness;
  beforeAll(async () => {
    l = await startHarness({}, { VESTIBULE_PASSWORD_POLICY: 'luds', VESTIBULE_LUDS_COMPLEXITY: '3', VESTIBULE_LUDS_MINIMUM_COUNT: '10' });
  });
  afterAll(() => l.close());

  it('fills the requirements and counts; bootstrap carries the counts', async () => {
    const weak = (await l.json('POST', '/sdk/v1/passwords/strength_check', { password: 'qmvRtk' })).body;
    expect(weak).toMatchObject({
      strength_policy: 'luds',
      valid_password: false,
      breached_password: false,
      feedback: {
        warning: '',
        suggestions: [],
        luds_requirements: { has_lower_case: true, has_upper_case: true, has_digit: false, has_symbol: false, missing_complexity: 1, missing_characters: 4 },
      },
    });
    expect(weak.score).toBeLessThan(4);
    const good = (await l.json('POST', '/sdk/v1/passwords/strength_check', { password: 'Zebra-quilt9' })).body;
    expect(good).toMatchObject({
      valid_password: true,
      score: 4,
      feedback: { luds_requirements: { missing_complexity: 0, missing_characters: 0, has_symbol: true } },
    });
    const breached = (await l.json('POST', '/sdk/v1/passwords/strength_check', { password: 'Nick1234-rem936' })).body;
    expect(breached.feedback.luds_requirements.missing_complexity).toBe(0);
    expect(breached).toMatchObject({ breached_password: true, valid_password: false });
    const boot = (await l.json('GET', '/sdk/v1/projects/bootstrap')).body;
    expect(boot.passwordConfig).toEqual({ ludsComplexity: 3, ludsMinimumCount: 10 });
    expect((await h.json('GET', '/sdk/v1/projects/bootstrap')).body.passwordConfig).toBeNull();
  });
});

describe('k-anonymity range lookup', () => {
  let range: Server;
  let seen: string[] = [];
  let url = '';
  const secret = 'zephyr-OBSIDIAN-marmalade-42';
  beforeAll(async () => {
    const sha1 = createHash('sha1').update(secret).digest('hex').toUpperCase();
    range = createHttpServer((req, res) => {
      seen.push(req.url ?? '');
      const prefix = req.url?.split('/').pop() ?? '';
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end(
        prefix === sha1.slice(0, 5)
          ? `0018A45C4D1DEF81644B54AB7F969B88D65:1\r\n${sha1.slice(5)}:12\r\nFFFFF00000000000000000000000000000:0`
          : '00000000000000000000000000000000000:3',
      );
    });
    await new Promise<void>((done) => range.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(range.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => range.close(() => done())));

  it('asks the range API with the first 5 hex of the SHA-1 and finds the suffix', async () => {
    const r = await startHarness({ breachRangeUrl: url });
    try {
      seen = [];
      const hit = (await r.json('POST', '/sdk/v1/passwords/strength_check', { password: secret })).body;
      expect(hit).toMatchObject({ breached_password: true, valid_password: false });
      const prefix = createHash('sha1').update(secret).digest('hex').toUpperCase().slice(0, 5);
      expect(seen).toEqual([`/range/${prefix}`]);
      const miss = (await r.json('POST', '/sdk/v1/passwords/strength_check', { password: STRONG })).body;
      expect(miss).toMatchObject({ breached_password: false, valid_password: true });
      expect((await r.json('POST', '/sdk/v1/passwords', { email: uniqueEmail(), password: secret })).body.error_type).toBe('weak_password');
    } finally {
      await r.close();
    }
  });

  it('falls back to the local corpus when the service is down', async () => {
    const down = createHttpServer();
    await new Promise<void>((done) => down.listen(0, '127.0.0.1', done));
    const port = (down.address() as AddressInfo).port;
    await new Promise<void>((done) => down.close(() => done()));
    const r = await startHarness({ breachRangeUrl: `http://127.0.0.1:${port}` });
    try {
      expect((await r.json('POST', '/sdk/v1/passwords/strength_check', { password: secret })).body).toMatchObject({
        breached_password: false,
        valid_password: true,
      });
      expect((await r.json('POST', '/sdk/v1/passwords/strength_check', { password: 'qwerty123' })).body.breached_password).toBe(true);
    } finally {
      await r.close();
    }
  });
});

describe('create', () => {
  it('creates a new user, refuses weak and breached passwords', async () => {
    const email = uniqueEmail('new');
    expect((await h.json('POST', '/sdk/v1/passwords', { email, password: 'abc' })).body).toMatchObject({
      status_code: 400,
      error_type: 'weak_password',
      error_message: 'The password is too weak or has appeared in a data breach. Please choose another password.',
    });
    expect((await h.json('POST', '/sdk/v1/passwords', { email, password: 'iloveyou' })).body.error_type).toBe('weak_password');
    expect((await h.json('POST', '/sdk/v1/users/search', { email })).body.userType).toBe('new');
    const { body } = await createUser(email);
    expect(body.user.status).toBe('active');
  });

  it('dedupe: a passwordless user gets reset_password; a user with a password gets duplicate_email', async () => {
    const linkUser = uniqueEmail('dedupe');
    await h.signIn(linkUser);
    expect((await h.json('POST', '/sdk/v1/passwords', { email: linkUser, password: STRONG })).body).toMatchObject({
      status_code: 400,
      error_type: 'reset_password',
      error_message: 'Password must be reset.',
    });
    const { email } = await createUser();
    expect((await h.json('POST', '/sdk/v1/passwords', { email, password: STRONG2 })).body).toMatchObject({ status_code: 400, error_type: 'duplicate_email' });
  });
});

describe('authenticate', () => {
  const login = (email: string, password: string, ip?: string) => h.json('POST', '/sdk/v1/passwords/authenticate', { email, password }, { ip });

  it('signs in with the right password; wrong password and unknown email get the same answer', async () => {
    const { email, body: created } = await createUser();
    const ok = await login(email, STRONG);
    expect(ok.status).toBe(200);
    expect(ok.body.user_id).toBe(created.user_id);
    expect(ok.body.session.authentication_factors).toEqual([expect.objectContaining({ type: 'password', delivery_method: 'knowledge' })]);

    const t0 = performance.now();
    const wrong = await login(email, 'not the password');
    const t1 = performance.now();
    const unknown = await login(uniqueEmail('ghost'), 'not the password');
    const t2 = performance.now();
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        status_code: 401,
        request_id: expect.any(String),
        error_type: 'unauthorized_credentials',
        error_message: 'Unauthorized credentials.',
      });
    }
    // Both paths verify an argon2id hash of the same cost.
    expect(t2 - t1).toBeGreaterThan((t1 - t0) / 4);
  });

  it('answers a passwordless user as it answers a wrong password', async () => {
    const email = uniqueEmail('nopw');
    await h.signIn(email);
    expect((await login(email, STRONG)).body).toMatchObject({ status_code: 401, error_type: 'unauthorized_credentials' });
  });

  it('a right password now known breached forces a reset, then reset_password until the reset', async () => {
    // Created while the password was not yet known breached (a custom range server says so later).
    const email = uniqueEmail('breach');
    const password = 'saffron-umbrella-krypton-91';
    await createUser(email, password);
    const sha1 = createHash('sha1').update(password).digest('hex').toUpperCase();
    const range = createHttpServer((_req, res) => res.end(`${sha1.slice(5)}:3`));
    await new Promise<void>((done) => range.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(range.address() as AddressInfo).port}`;
    await h.close();
    const config = { ...h.config, breachRangeUrl: url };
    h = harnessFor(await createServer(config, { clock: h.clock, logger: { info() {}, warn() {}, error() {} } }), config, h.clock);
    try {
      expect((await login(email, password)).body).toMatchObject({
        status_code: 400,
        error_type: 'breached_password',
        error_message: 'Password appears in the list of breached passwords and must be reset.',
      });
      expect((await login(email, password)).body).toMatchObject({ status_code: 400, error_type: 'reset_password' });
      expect((await login(email, 'wrong one')).status).toBe(401);
      // The reset clears the flag.
      await h.json('POST', '/sdk/v1/passwords/email/reset/start', { email });
      const { token } = resetTokenFrom((await h.outbox(email))[0]!.text);
      expect((await h.json('POST', '/sdk/v1/passwords/email/reset', { token, password: STRONG2 })).status).toBe(200);
      expect((await login(email, STRONG2)).status).toBe(200);
    } finally {
      await new Promise<void>((done) => range.close(() => done()));
    }
  });

  it('locks a client address out of an account after 10 wrong passwords from it (even for the right one) until the lock ends', async () => {
    const { email } = await createUser();
    const ip = randomIp();
    for (let i = 1; i <= 9; i++) expect((await login(email, `wrong ${i}`, ip)).status).toBe(401);
    const tenth = await login(email, 'wrong 10', ip);
    expect(tenth.status).toBe(429);
    expect(tenth.body).toMatchObject({
      error_type: 'user_lock_limit_reached',
      error_message: 'Too many failed authentication attempts. Please try again later.',
    });
    expect(Number(tenth.headers.get('Retry-After'))).toBe(1800);
    expect((await login(email, STRONG, ip)).body.error_type).toBe('user_lock_limit_reached');
    // Another address (the owner's) is not locked out.
    expect((await login(email, STRONG)).status).toBe(200);
    h.clock.advanceMinutes(29);
    expect((await login(email, STRONG, ip)).status).toBe(429);
    h.clock.advanceMinutes(2);
    expect((await login(email, STRONG, ip)).status).toBe(200);
  });

  it('limits calls per client IP', async () => {
    const l = await startHarness({ rateLimits: { ...h.config.rateLimits, passwordPerIp: { limit: 3, windowSeconds: 600 } } });
    try {
      const ip = randomIp();
      for (let i = 0; i < 3; i++)
        expect((await l.json('POST', '/sdk/v1/passwords/authenticate', { email: uniqueEmail(), password: 'x' }, { ip })).status).toBe(401);
      const limited = await l.json('POST', '/sdk/v1/passwords/authenticate', { email: uniqueEmail(), password: 'x' }, { ip });
      expect(limited.status).toBe(429);
      expect(limited.body.error_type).toBe('too_many_requests');
      expect(limited.headers.get('Retry-After')).toBeTruthy();
      expect((await l.json('POST', '/sdk/v1/passwords/authenticate', { email: uniqueEmail(), password: 'x' }, { ip: randomIp() })).status).toBe(401);
    } finally {
      await l.close();
    }
  });
});

describe('reset by email', () => {
  it('start: a known and an unknown email get the same response; only the known one gets an email; no user is created', async () => {
    const { email } = await createUser();
    const unknown = uniqueEmail('unknown');
    const known = await h.json('POST', '/sdk/v1/passwords/email/reset/start', { email });
    const other = await h.json('POST', '/sdk/v1/passwords/email/reset/start', { email: unknown });
    expect(known.status).toBe(200);
    expect(other.status).toBe(200);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(other.body).sort());
    expect(known.body).toEqual({ status_code: 200, request_id: expect.any(String) });
    expect(await h.outbox(unknown)).toEqual([]);
    expect((await h.json('POST', '/sdk/v1/users/search', { email: unknown })).body.userType).toBe('new');
    const [message] = await h.outbox(email);
    expect(message!.subject).toBe('Reset your Vestibule Demo password');
    expect(message!.text).toContain('valid for 30 minutes');
    const { link } = resetTokenFrom(message!.text);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/reset');
    expect(link.searchParams.get('vestibule_token_type')).toBe('reset_password');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored only as a hash.
    const rows = await h.server.db.selectFrom('one_time_secrets').select('secret_hash').where('purpose', '=', 'password_reset').execute();
    expect(JSON.stringify(rows)).not.toContain(link.searchParams.get('token'));
  });

  it('start: validates the redirect URL and the minutes, and limits per email', async () => {
    const { email } = await createUser();
    expect(
      (await h.json('POST', '/sdk/v1/passwords/email/reset/start', { email, reset_password_redirect_url: 'https://evil.example/reset' })).body.error_type,
    ).toBe('invalid_redirect_url');
    expect((await h.json('POST', '/sdk/v1/passwords/email/reset/start', { email, reset_password_expiration_minutes: 4 })).body.error_type).toBe(
      'invalid_duration',
    );
    await h.json('POST', '/sdk/v1/passwords/email/reset/start', {
      email,
      reset_password_redirect_url: 'http://127.0.0.1:3000/reset',
      reset_password_expiration_minutes: 120,
    });
    const [message] = await h.outbox(email);
    expect(resetTokenFrom(message!.text).link.origin).toBe('http://127.0.0.1:3000');
    expect(message!.text).toContain('valid for 2 hours');
    for (let i = 0; i < 4; i++) await h.json('POST', '/sdk/v1/passwords/email/reset/start', { email });
    const limited = await h.json('POST', '/sdk/v1/passwords/email/reset/start', { email });
    expect(limited.status).toBe(429);
    expect(limited.body.error_type).toBe('too_many_requests');
  });

  it('reset: single use, weak password keeps the token, other sessions revoked, email verified', async () => {
    const { email, body: created } = await createUser();
    const other = (await h.json('POST', '/sdk/v1/passwords/authenticate', { email, password: STRONG })).body.session_token;
    await h.json('POST', '/sdk/v1/passwords/email/reset/start', { email });
    const { token } = resetTokenFrom((await h.outbox(email))[0]!.text);

    expect((await h.json('POST', '/sdk/v1/passwords/email/reset', { token, password: 'password1' })).body.error_type).toBe('weak_password');
    const done = await h.json('POST', '/sdk/v1/passwords/email/reset', { token, password: STRONG2 });
    expect(done.status).toBe(200);
    expect(done.body.user_id).toBe(created.user_id);
    expect(done.body.user.emails[0].verified).toBe(true);
    expect(done.body.session.authentication_factors.map((f: { type: string }) => f.type).sort()).toEqual(['magic_link', 'password']);

    expect((await h.json('POST', '/sdk/v1/passwords/email/reset', { token, password: STRONG2 })).body).toMatchObject({
      status_code: 401,
      error_type: 'invalid_reset_token',
      error_message: 'The password reset link has expired or was already used. Request a new one.',
    });
    expect((await h.call('POST', '/sdk/v1/sessions/authenticate', {}, { session: other })).status).toBe(401);
    expect((await h.call('POST', '/sdk/v1/sessions/authenticate', {}, { session: done.body.session_token })).status).toBe(200);
    expect((await h.json('POST', '/sdk/v1/passwords/authenticate', { email, password: STRONG })).status).toBe(401);
    expect((await h.json('POST', '/sdk/v1/passwords/authenticate', { email, password: STRONG2 })).status).toBe(200);
  });

  it('checks a link and resets under counts of their own per address: checks used up leave the reset alone', async () => {
    const l = await startHarness({ rateLimits: { ...h.config.rateLimits, passwordPerIp: { limit: 3, windowSeconds: 600 } } });
    try {
      const email = uniqueEmail('pw-check');
      expect((await l.json('POST', '/sdk/v1/passwords', { email, password: STRONG })).status).toBe(200);
      await l.json('POST', '/sdk/v1/passwords/email/reset/start', { email });
      const { token } = resetTokenFrom((await l.outbox(email))[0]!.text);
      const ip = randomIp();
      for (let i = 0; i < 3; i++) expect((await l.json('POST', '/sdk/v1/passwords/email/reset/check', { token: `junk-${i}` }, { ip })).status).toBe(401);
      expect((await l.json('POST', '/sdk/v1/passwords/email/reset/check', { token }, { ip })).status).toBe(429);
      expect((await l.json('POST', '/sdk/v1/passwords/email/reset', { token, password: STRONG2 }, { ip })).status).toBe(200);
    } finally {
      await l.close();
    }
  });

  it('reset: expired tokens are refused; a passwordless user gets a password', async () => {
    const email = uniqueEmail('pwless');
    await h.signIn(email);
    await h.json('POST', '/sdk/v1/passwords/email/reset/start', { email, reset_password_expiration_minutes: 5 });
    const { token } = resetTokenFrom((await h.outbox(email))[0]!.text);
    h.clock.advanceMinutes(6);
    expect((await h.json('POST', '/sdk/v1/passwords/email/reset', { token, password: STRONG })).body.error_type).toBe('invalid_reset_token');
    await h.json('POST', '/sdk/v1/passwords/email/reset/start', { email });
    const fresh = resetTokenFrom((await h.outbox(email))[0]!.text).token;
    expect((await h.json('POST', '/sdk/v1/passwords/email/reset', { token: fresh, password: STRONG })).status).toBe(200);
    expect((await h.json('POST', '/sdk/v1/users/search', { email })).body.userType).toBe('password');
    expect((await h.json('POST', '/sdk/v1/passwords/email/reset', { token: 'nope', password: STRONG })).status).toBe(401);
  });
});
