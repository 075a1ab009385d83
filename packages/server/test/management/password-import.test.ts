import { randomBytes, scryptSync } from 'node:crypto';
import { hash as argon2Hash } from '@node-rs/argon2';
import { hashSync as bcryptHash } from '@node-rs/bcrypt';
import { beforeAll, describe, expect, it } from 'vitest';
import { needsRehash } from '../../src/security/password-hash.js';
import { type Harness, randomIp, uniqueEmail } from '../helpers/harness.js';
import { MANAGEMENT_KEY } from '../helpers/management.js';
import { sharedHarness } from '../helpers/shared-stack.js';

/**
 * Users imported with a password hash from another system (POST /v1/users password_hash): the
 * first password sign-in checks it and replaces it with this server's argon2id, read here from the
 * table itself. In process, for the table: the harness's server is the same app a socket reaches.
 */
let h: Harness;
beforeAll(async () => {
  h = await sharedHarness();
});

const manage = (method: string, path: string, body?: unknown) => h.json(method, path, body, { token: null, session: MANAGEMENT_KEY });
const login = (email: string, password: string, ip = randomIp()) => h.json('POST', '/sdk/v1/passwords/authenticate', { email, password }, { ip });
const storedHash = async (userId: string) =>
  await h.server.db.selectFrom('user_passwords').select(['hash', 'password_id']).where('user_id', '=', userId).executeTakeFirstOrThrow();

/** scrypt as passlib and @phc/scrypt write it: $scrypt$ln=…,r=…,p=…$salt$hash, base64 without padding. */
function phcScrypt(password: string, ln: number, r: number, p: number, keyLength = 32): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, keyLength, { N: 2 ** ln, r, p, maxmem: 256 * 1024 * 1024 });
  const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
  return `$scrypt$ln=${ln},r=${r},p=${p}$${b64(salt)}$${b64(key)}`;
}

/** Hashes as other systems write them: published examples (PHP's manual, argon2-cffi's documentation) and hashes made here in the same encodings. */
const IMPORTS: Array<{ format: string; password: string; hash: () => string | Promise<string> }> = [
  { format: 'bcrypt $2y$ (PHP password_hash)', password: 'rasmuslerdorf', hash: () => '$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a' },
  { format: 'bcrypt $2b$', password: 'correct horse 2b', hash: () => bcryptHash('correct horse 2b', 6) },
  { format: 'bcrypt $2a$', password: 'correct horse 2a ünïcode', hash: () => bcryptHash('correct horse 2a ünïcode', 5).replace(/^\$2b\$/, '$2a$') },
  { format: 'scrypt (passlib)', password: 'passlib wrote this', hash: () => phcScrypt('passlib wrote this', 16, 8, 1) },
  { format: 'scrypt (@phc/scrypt: 64-byte hash)', password: 'scrypt with a longer hash', hash: () => phcScrypt('scrypt with a longer hash', 14, 8, 2, 64) },
  // At the edges of what the import takes: Node runs each within the memory the server allows it.
  { format: 'scrypt at its cost bound (64 MiB, 4 lanes)', password: 'the costliest scrypt', hash: () => phcScrypt('the costliest scrypt', 16, 8, 4) },
  { format: 'scrypt of the largest table its block takes', password: 'a one-block scrypt', hash: () => phcScrypt('a one-block scrypt', 15, 1, 1) },
  {
    format: 'scrypt with its base64 padded',
    password: 'padded scrypt',
    hash: () => phcScrypt('padded scrypt', 12, 8, 1, 32).replace(/\$([^$]+)\$([^$]+)$/, (_, s, k) => `$${s}==$${k}=`),
  },
  {
    format: 'argon2id (argon2-cffi)',
    password: 'correct horse battery staple',
    hash: () => '$argon2id$v=19$m=65536,t=3,p=4$MIIRqgvgQbgj220jfp0MPA$YfwJSVjtjSU0zzV/P3S9nnQ/USre2wvJMjfCIjrTQbg',
  },
  // The server's own parameters: verified, and kept as it is.
  {
    format: 'argon2id (this server’s parameters)',
    password: 'same parameters here',
    hash: () => argon2Hash('same parameters here', { ...h.config.argon2, algorithm: 2 }),
  },
];

describe('importing password hashes', () => {
  for (const { format, password, hash } of IMPORTS) {
    it(`${format}: a wrong password is refused; the right one signs in, and the stored hash becomes this server's argon2id`, async () => {
      const email = uniqueEmail('imported');
      const imported = await hash();
      const made = await manage('POST', '/v1/users', { email, password_hash: imported });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body.user.password).toEqual({ password_id: expect.any(String) });
      // The hash is never answered.
      expect(JSON.stringify(made.body)).not.toContain(imported.slice(-20));

      expect((await login(email, `${password}!`)).body.error_type).toBe('unauthorized_credentials');
      expect((await storedHash(made.body.user_id)).hash).toBe(imported);

      const signedIn = await login(email, password);
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      expect(signedIn.body.user_id).toBe(made.body.user_id);
      const after = await storedHash(made.body.user_id);
      expect(after.password_id).toBe(made.body.user.password.password_id);
      expect(after.hash).toMatch(/^\$argon2id\$v=19\$/);
      expect(needsRehash(after.hash, h.config.argon2)).toBe(false);
      if (needsRehash(imported, h.config.argon2)) expect(after.hash).not.toBe(imported);
      else expect(after.hash).toBe(imported);

      expect((await login(email, password)).status).toBe(200);
      expect((await login(email, `${password}!`)).body.error_type).toBe('unauthorized_credentials');
    });
  }

  it("passlib's published scrypt example matches its password, which is a breached one: the sign-in asks for a reset, as with any stored hash", async () => {
    const email = uniqueEmail('imported-passlib');
    const passlibExample = '$scrypt$ln=8,r=8,p=1$WKs1xljLudd6z9kbY0wpJQ$yCR4iDZYDKv+iEJj6yHY0lv/epnfB6f/w1EbXrsJOuQ';
    expect((await manage('POST', '/v1/users', { email, password_hash: passlibExample })).status).toBe(200);
    expect((await login(email, 'Password')).body.error_type).toBe('unauthorized_credentials');
    // Only a password that matched is checked against the breached list.
    expect((await login(email, 'password')).body.error_type).toBe('breached_password');
  });

  it('a wrong password against an imported hash counts toward the lock as any wrong password does', async () => {
    const email = uniqueEmail('imported-lock');
    const made = await manage('POST', '/v1/users', { email, password_hash: bcryptHash('the right one', 4) });
    const ip = randomIp();
    const { maxFailures } = h.config.rateLimits.passwordLockout;
    for (let i = 1; i < maxFailures; i++) expect((await login(email, `wrong ${i}`, ip)).body.error_type).toBe('unauthorized_credentials');
    expect((await login(email, 'wrong again', ip)).body.error_type).toBe('user_lock_limit_reached');
    expect((await login(email, 'the right one', ip)).body.error_type).toBe('user_lock_limit_reached');
    expect((await storedHash(made.body.user_id)).hash).toMatch(/^\$2b\$04\$/);
  });

  it('the account page takes an imported password as the current one when the person changes it', async () => {
    const email = uniqueEmail('imported-change');
    await manage('POST', '/v1/users', { email, password_hash: phcScrypt('old imported secret', 10, 8, 1) });
    const signedIn = await h.signIn(email);
    const change = (current: string) =>
      h.json('POST', '/sdk/v1/account/password', { current_password: current, password: 'a brand new passphrase 93 q' }, { session: signedIn.session_token });
    expect((await change('not the old one')).body.error_type).toBe('invalid_current_password');
    expect((await change('old imported secret')).status).toBe(200);
    expect((await login(email, 'a brand new passphrase 93 q')).status).toBe(200);
  });

  it("beside an address nobody proved, the imported password goes at the address's first proof, as one set at sign-up does", async () => {
    const email = uniqueEmail('imported-unproven');
    const made = await manage('POST', '/v1/users', { email, email_verified: false, password_hash: bcryptHash('kept until a proof', 4) });
    expect((await login(email, 'kept until a proof')).status).toBe(200);
    const proven = await h.signIn(email);
    expect(proven.user_id).toBe(made.body.user_id);
    expect(proven.user.password).toBeNull();
    expect((await login(email, 'kept until a proof')).body.error_type).toBe('unauthorized_credentials');
  });

  it('a hash beyond the costs the import takes, found stored all the same, is never run: a guess is refused at once', async () => {
    const email = uniqueEmail('stored-too-costly');
    const made = await manage('POST', '/v1/users', { email, password_hash: phcScrypt('cheap', 4, 8, 1) });
    // 256 MiB and 16 lanes of scrypt: 50 seconds a guess, were it run.
    await h.server.db
      .updateTable('user_passwords')
      .set({ hash: '$scrypt$ln=20,r=2,p=16$c29tZXNhbHRzb21lc2FsdA$YfwJSVjtjSU0zzV/P3S9nnQ/USre2wvJMjfCIjrTQbg' })
      .where('user_id', '=', made.body.user_id)
      .execute();
    const started = performance.now();
    expect((await login(email, 'any guess')).body.error_type).toBe('unauthorized_credentials');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses hashes in other formats, malformed ones, and ones too costly to check, making no user', async () => {
    const salt = 'c29tZXNhbHRzb21lc2FsdA';
    const key = 'YfwJSVjtjSU0zzV/P3S9nnQ/USre2wvJMjfCIjrTQbg';
    const refused = [
      '',
      'hunter2',
      '5f4dcc3b5aa765d61d8327deb882cf99',
      '$1$saltsalt$2vnaRpHa6Jxjz5n83ok8Z0',
      '$6$rounds=5000$salt$IxDD3jeSOb5eB1CX5LBsqZFVkJdido3OUILO5Ifz5iwMuTS4XMS130MTSuDDl3aCI6WouIL9AjRbLCelDCy.g.',
      '$argon2i$v=19$m=65536,t=3,p=4$MIIRqgvgQbgj220jfp0MPA$YfwJSVjtjSU0zzV/P3S9nnQ/USre2wvJMjfCIjrTQbg',
      '$argon2id$m=65536,t=3,p=4$MIIRqgvgQbgj220jfp0MPA$YfwJSVjtjSU0zzV/P3S9nnQ/USre2wvJMjfCIjrTQbg',
      `$argon2id$v=19$m=4194304,t=3,p=4$${salt}$${key}`,
      `$argon2id$v=19$m=65536,t=50,p=4$${salt}$${key}`,
      `$argon2id$v=19$m=65536,t=0,p=4$${salt}$${key}`,
      `$argon2id$v=19$m=16,t=3,p=4$${salt}$${key}`,
      `$argon2id$v=19$m=65536,t=3,p=4$${salt}$${key}$extra`,
      `$argon2id$v=19$m=65536,t=3,p=4$${salt}$${key.slice(0, 21)}`,
      '$2b$31$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a',
      '$2b$03$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a',
      '$2x$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a',
      '$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1',
      `$scrypt$ln=30,r=8,p=1$${salt}$${key}`,
      `$scrypt$ln=16,r=0,p=1$${salt}$${key}`,
      `$scrypt$ln=16,r=8,p=99$${salt}$${key}`,
      `$scrypt$ln=0,r=8,p=1$${salt}$${key}`,
      `$scrypt$ln=16,r=8,p=1$${salt}$${key.slice(0, -1)}_`,
      `$scrypt$ln=16,r=8,p=1$${salt}$${key}A=`,
      `$argon2id$v=19$m=65536,t=3,p=4$${salt}$${key}=`,
      `$scrypt$ln=16,r=8,p=1$${salt}$${key.slice(0, 21)}`,
      `$scrypt$N=65536,r=8,p=1$${salt}$${key}`,
      `$7$C6..../....SodiumChloride$kBGj9fHznVYFQMEn/qDCfrDevf9YDtcDdKvEqHJLV8D`,
    ];
    for (const password_hash of refused) {
      const email = uniqueEmail('refused-hash');
      const answer = await manage('POST', '/v1/users', { email, password_hash });
      expect({ hash: password_hash, status: answer.status, error_type: answer.body.error_type }).toEqual({
        hash: password_hash,
        status: 400,
        error_type: 'invalid_password_hash',
      });
      expect((await manage('GET', `/v1/users?query=${encodeURIComponent(email)}`)).body.users).toEqual([]);
    }
    expect((await manage('POST', '/v1/users', { email: uniqueEmail('long-hash'), password_hash: `$2b$10$${'a'.repeat(600)}` })).body.error_type).toBe(
      'bad_request',
    );
  });
});
