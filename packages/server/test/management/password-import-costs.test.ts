import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/harness.js';
import type { ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';
import { sharedListening } from '../helpers/shared-stack.js';

/**
 * The cost of a password hash imported with POST /v1/users is bounded: anyone who types a password
 * for the user (unsigned) makes the server run the whole hash, so one of 256 MiB and 16 lanes held
 * every password sign-in for minutes. Over real sockets with the test key. The import reads the
 * hash's parameters, not its value, so salts and hashes here are made up.
 */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const SALT = 'c29tZXNhbHRzb21lc2FsdA';
const KEY = 'YfwJSVjtjSU0zzV/P3S9nnQ/USre2wvJMjfCIjrTQbg';
const BCRYPT_TAIL = '.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a';
const argon2id = (m: number, t: number, p: number) => `$argon2id$v=19$m=${m},t=${t},p=${p}$${SALT}$${KEY}`;
const scrypt = (ln: number, r: number, p: number) => `$scrypt$ln=${ln},r=${r},p=${p}$${SALT}$${KEY}`;
const bcrypt = (cost: number) => `$2b$${cost}$${BCRYPT_TAIL}`;

const importing = (password_hash: string) => manage(s, 'POST', '/v1/users', { email: uniqueEmail('hash-cost'), password_hash });

describe('importing a password hash', () => {
  it.each([
    [
      'scrypt of 256 MiB and 16 lanes (50 s a guess)',
      scrypt(20, 2, 16),
      'scrypt takes 128·2^ln·r bytes of at most 64 MiB (ln=16 with r=8, say), ln from 1 to 16·r − 1, r from 1 to 32 and p from 1 to 4',
    ],
    ['scrypt of 128 MiB', scrypt(17, 8, 1), 'at most 64 MiB'],
    ['scrypt of 5 lanes', scrypt(16, 8, 5), 'p from 1 to 4'],
    // Within the memory bound, but beyond what OpenSSL runs: each made every sign-in of the user a 500.
    ['scrypt whose table is too large for its block (2^ln not below 2^(16·r))', scrypt(16, 1, 1), 'ln from 1 to 16·r − 1'],
    ['scrypt of a huge block and a tiny table', scrypt(1, 262_144, 1), 'r from 1 to 32'],
    ['argon2id of 256 MiB, 10 passes and 16 lanes', argon2id(262_144, 10, 16), 'argon2id takes m from 8·p to 65536 (64 MiB), t from 1 to 10 and p from 1 to 8'],
    ['argon2id of 64 MiB and 1 KiB', argon2id(65_537, 3, 4), 'm from 8·p to 65536 (64 MiB)'],
    ['argon2id of 11 passes', argon2id(65_536, 11, 4), 't from 1 to 10'],
    ['argon2id of 9 lanes', argon2id(65_536, 3, 9), 'p from 1 to 8'],
    ['argon2id of a million passes', argon2id(65_536, 1_000_000, 4), 't from 1 to 10'],
    ['bcrypt of cost 15', bcrypt(15), 'bcrypt takes a cost from 4 to 14'],
    ['bcrypt of cost 16', bcrypt(16), 'bcrypt takes a cost from 4 to 14'],
  ])('%s is refused, naming the limit, and no user is made', async (_, hash, limit) => {
    const email = uniqueEmail('hash-too-costly');
    const answer = await manage(s, 'POST', '/v1/users', { email, password_hash: hash });
    expect({ status: answer.status, error_type: answer.body.error_type }, JSON.stringify(answer.body)).toEqual({
      status: 400,
      error_type: 'invalid_password_hash',
    });
    expect(answer.body.error_message).toContain('password_hash costs more to check than this server runs at each sign-in');
    expect(answer.body.error_message).toContain(limit);
    expect((await manage(s, 'GET', `/v1/users?query=${encodeURIComponent(email)}`)).body.users).toEqual([]);
  });

  it.each([
    ['scrypt at its bounds (64 MiB, 4 lanes)', scrypt(16, 8, 4)],
    ['scrypt of 64 MiB in another shape', scrypt(17, 4, 1)],
    ["passlib's scrypt default", scrypt(16, 8, 1)],
    ['scrypt at the edge of what OpenSSL runs', scrypt(15, 1, 1)],
    ['argon2id at its bounds (64 MiB, 10 passes, 8 lanes)', argon2id(65_536, 10, 8)],
    ["argon2-cffi's and node-argon2's default", argon2id(65_536, 3, 4)],
    ["PHP's argon2id default", argon2id(65_536, 4, 1)],
    ["OWASP's argon2id minimum", argon2id(19_456, 2, 1)],
    ['bcrypt at its bound', bcrypt(14)],
    ['bcrypt of cost 12', bcrypt(12)],
  ])('%s is taken', async (_, hash) => {
    const answer = await importing(hash);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it('a hash in no format it takes is refused with the formats, not a limit', async () => {
    const answer = await importing('$1$saltsalt$2vnaRpHa6Jxjz5n83ok8Z0');
    expect(answer.body.error_type).toBe('invalid_password_hash');
    expect(answer.body.error_message).toContain('give an argon2id PHC string');
  });
});
