import { scrypt, timingSafeEqual } from 'node:crypto';
import { verify as verifyBcrypt } from '@node-rs/bcrypt';

/**
 * Password hashes brought from another system (the management API's POST /v1/users), in the
 * encodings those systems write, so that their users keep their passwords:
 * - argon2id, the PHC string of argon2-cffi, node-argon2 and libsodium (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`);
 * - bcrypt (`$2a$`, `$2b$`, `$2y$`: one algorithm, the letters telling old implementations' bugs apart);
 * - scrypt, the PHC form of passlib and @phc/scrypt (`$scrypt$ln=…,r=…,p=…$salt$hash`, N = 2^ln,
 *   salt and hash in base64 without padding).
 * Each is checked at the user's first password sign-in, and then replaced by this server's argon2id
 * (security/password-hash.ts needsRehash is true for anything else).
 */
export type ImportedHashKind = 'argon2id' | 'bcrypt' | 'scrypt';

/** Base64 (standard alphabet) of `min` to `max` characters; `padded`: its padding left out or not (PHC strings leave it out). */
const b64 = (min: number, max: number, padded = false) => `([A-Za-z0-9+/]{${min},${max}}${padded ? '={0,2}' : ''})`;
// argon2's verifier takes the PHC string as it is, so only the form it reads is taken.
const ARGON2ID = new RegExp(`^\\$argon2id\\$v=19\\$m=(\\d{1,10}),t=(\\d{1,10}),p=(\\d{1,10})\\$${b64(11, 88)}\\$${b64(22, 172)}$`);
const BCRYPT = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;
// scrypt's salt and hash are decoded here, with or without padding.
const SCRYPT = new RegExp(`^\\$scrypt\\$ln=(\\d{1,10}),r=(\\d{1,10}),p=(\\d{1,10})\\$${b64(11, 88, true)}\\$${b64(22, 172, true)}$`);

/**
 * The costs an imported hash may have. Whoever types a password for the user (anyone, unsigned)
 * makes the server run the whole hash, within the heavy-work queue that every sign-in shares: a
 * hash of 256 MiB and 16 lanes of scrypt took 50 s a guess, and four guesses held every password
 * sign-in for minutes. Each bound takes the commonest settings with room to spare, and keeps the
 * worst hash near a second and a half of one core (measured on a 2-core machine, busy):
 * - scrypt: memory (128·2^ln·r bytes) at most 64 MiB, which is passlib's default (ln=16, r=8) and
 *   twice @phc/scrypt's and Node's; lanes (p, each one more pass over that memory) at most 4, where
 *   passlib and @phc/scrypt write 1. Worst: ln=16, r=8, p=4, 1.5 s. Besides, what OpenSSL runs at
 *   all: 2^ln below 2^(16·r), and r at most 32 (every library writes 8), so that the memory it
 *   really takes, 128·r·(2^ln + 2 + p) bytes, stays the bound plus a few KiB. A hash outside those
 *   passed the cost bound before, and Node's refusal to run it failed every sign-in with a 500.
 * - bcrypt: cost at most 14 (each step doubles the work): PHP, Laravel, Rails and Django write 10 to
 *   12. Worst: 14, 1.6 s.
 * - argon2id: memory (m, KiB) at most 64 MiB, the most argon2-cffi's, node-argon2's, PHP's and
 *   libsodium's interactive defaults use (RFC 9106's second recommendation); passes (t) at most 10,
 *   where they write 2 to 4; lanes (p) at most 8, where they write 1 to 4 (lanes split the memory,
 *   they add no work). So m·t is at most ten passes over 64 MiB. Worst: m=65536, t=10, 0.3 s.
 *   libsodium's MODERATE and SENSITIVE limits (256 MiB, 1 GiB) and RFC 9106's first
 *   recommendation (2 GiB) are refused: their users set a new password.
 */
const LIMITS = {
  argon2: { memoryKiB: 65_536, passes: 10, lanes: 8 },
  bcrypt: { minCost: 4, maxCost: 14 },
  scrypt: { memoryBytes: 64 * 1024 * 1024, lanes: 4, blockSize: 32 },
} as const;

/** The limits in words, for the refusal of a hash beyond them (and the route's documentation says the same). */
const LIMITS_IN_WORDS: Record<ImportedHashKind, string> = {
  argon2id: `argon2id takes m from 8·p to ${LIMITS.argon2.memoryKiB} (64 MiB), t from 1 to ${LIMITS.argon2.passes} and p from 1 to ${LIMITS.argon2.lanes}`,
  bcrypt: `bcrypt takes a cost from ${LIMITS.bcrypt.minCost} to ${LIMITS.bcrypt.maxCost}`,
  scrypt: `scrypt takes 128·2^ln·r bytes of at most 64 MiB (ln=16 with r=8, say), ln from 1 to 16·r − 1, r from 1 to ${LIMITS.scrypt.blockSize} and p from 1 to ${LIMITS.scrypt.lanes}`,
};

/** Base64 never leaves one character over a group of four, and pads only to a whole group. */
const wholeBase64 = (...parts: string[]) =>
  parts.every((part) => {
    const data = part.replace(/=+$/, '');
    return data.length % 4 !== 1 && (data.length === part.length || part.length % 4 === 0);
  });

interface ScryptParams {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  expected: Buffer;
}

/** An scrypt hash's parameters: null when it is not one, 'too costly' when they are beyond the limits. */
function scryptParams(hash: string): ScryptParams | 'too costly' | null {
  const match = SCRYPT.exec(hash);
  if (!match) return null;
  const [, ln, r, p, salt, expected] = match as unknown as [string, string, string, string, string, string];
  if (!wholeBase64(salt, expected)) return null;
  const [logN, blockSize, lanes] = [Number(ln), Number(r), Number(p)];
  const { memoryBytes, lanes: maxLanes, blockSize: maxBlockSize } = LIMITS.scrypt;
  const fits =
    logN >= 1 &&
    logN < 16 * blockSize &&
    blockSize >= 1 &&
    blockSize <= maxBlockSize &&
    lanes >= 1 &&
    lanes <= maxLanes &&
    128 * 2 ** logN * blockSize <= memoryBytes;
  if (!fits) return 'too costly';
  return { N: 2 ** logN, r: blockSize, p: lanes, salt: Buffer.from(salt, 'base64'), expected: Buffer.from(expected, 'base64') };
}

/** An imported hash's format, or why it cannot be imported (the caller answers invalid_password_hash with it). */
export type ImportedHashCheck = { kind: ImportedHashKind } | { refusal: 'unknown_format' } | { refusal: 'too_costly'; limits: string };

/** Which importable format a hash is in, and whether its costs are within LIMITS. */
export function checkImportedHash(hash: string): ImportedHashCheck {
  const tooCostly = (kind: ImportedHashKind) => ({ refusal: 'too_costly' as const, limits: LIMITS_IN_WORDS[kind] });
  const argon2 = ARGON2ID.exec(hash);
  if (argon2) {
    if (!wholeBase64(argon2[4]!, argon2[5]!)) return { refusal: 'unknown_format' };
    const [memory, passes, lanes] = [Number(argon2[1]), Number(argon2[2]), Number(argon2[3])];
    const { memoryKiB, passes: maxPasses, lanes: maxLanes } = LIMITS.argon2;
    const fits = lanes >= 1 && lanes <= maxLanes && memory >= 8 * lanes && memory <= memoryKiB && passes >= 1 && passes <= maxPasses;
    return fits ? { kind: 'argon2id' } : tooCostly('argon2id');
  }
  const bcrypt = BCRYPT.exec(hash);
  if (bcrypt) {
    const cost = Number(bcrypt[1]);
    return cost >= LIMITS.bcrypt.minCost && cost <= LIMITS.bcrypt.maxCost ? { kind: 'bcrypt' } : tooCostly('bcrypt');
  }
  const scrypt = scryptParams(hash);
  if (scrypt === 'too costly') return tooCostly('scrypt');
  return scrypt ? { kind: 'scrypt' } : { refusal: 'unknown_format' };
}

/**
 * Checks a password against an imported bcrypt or scrypt hash (argon2id is security/password-hash.ts
 * verifyPassword's, whatever its parameters), off the event loop: @node-rs/bcrypt and Node's scrypt
 * run on libuv's threads. False for a wrong password, for a hash in neither format, and for one beyond
 * LIMITS, whenever it was stored: such a hash is never run.
 */
export async function verifyImportedPassword(stored: string, password: string): Promise<boolean> {
  const check = checkImportedHash(stored);
  if (!('kind' in check)) return false;
  if (check.kind === 'bcrypt') return verifyBcrypt(password, stored);
  const params = scryptParams(stored);
  if (!params || params === 'too costly') return false;
  const { N, r, p, salt, expected } = params;
  // maxmem: Node refuses above it; OpenSSL takes 128·r·(N + 2) for its table and 128·r·p for its lanes.
  const maxmem = 128 * r * (N + 2 + p);
  const derived = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, expected.length, { N, r, p, maxmem }, (error, key) => (error ? reject(error) : resolve(key))),
  );
  return timingSafeEqual(derived, expected);
}
