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
 * (security/password-hash.ts needsRehash is true for anything else). Their costs are bounded here,
 * when they are imported: whoever signs in runs them, within the heavy-work queue, and a hash of a
 * gigabyte or an hour would let one sign-in stall the server.
 */
export type ImportedHashKind = 'argon2id' | 'bcrypt' | 'scrypt';

/** Base64 (standard alphabet) of `min` to `max` characters; `padded`: its padding left out or not (PHC strings leave it out). */
const b64 = (min: number, max: number, padded = false) => `([A-Za-z0-9+/]{${min},${max}}${padded ? '={0,2}' : ''})`;
// argon2's verifier takes the PHC string as it is, so only the form it reads is taken.
const ARGON2ID = new RegExp(`^\\$argon2id\\$v=19\\$m=(\\d{1,7}),t=(\\d{1,2}),p=(\\d{1,2})\\$${b64(11, 88)}\\$${b64(22, 172)}$`);
const BCRYPT = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;
// scrypt's salt and hash are decoded here, with or without padding.
const SCRYPT = new RegExp(`^\\$scrypt\\$ln=(\\d{1,2}),r=(\\d{1,2}),p=(\\d{1,2})\\$${b64(11, 88, true)}\\$${b64(22, 172, true)}$`);

/** Bounds of an imported hash's cost: argon2id memory (KiB), passes and lanes; bcrypt's cost; scrypt's memory (bytes) and lanes. */
const LIMITS = { argon2Memory: 262_144, argon2Passes: 10, lanes: 16, bcryptCost: [4, 16], scryptMemory: 256 * 1024 * 1024 } as const;

/** Base64 never leaves one character over a group of four, and pads only to a whole group. */
const wholeBase64 = (...parts: string[]) =>
  parts.every((part) => {
    const data = part.replace(/=+$/, '');
    return data.length % 4 !== 1 && (data.length === part.length || part.length % 4 === 0);
  });

function scryptParams(hash: string): { N: number; r: number; p: number; salt: Buffer; expected: Buffer } | null {
  const match = SCRYPT.exec(hash);
  if (!match) return null;
  const [, ln, r, p, salt, expected] = match as unknown as [string, string, string, string, string, string];
  const params = { N: 2 ** Number(ln), r: Number(r), p: Number(p) };
  if (Number(ln) < 1 || params.r < 1 || params.p < 1 || params.p > LIMITS.lanes || 128 * params.N * params.r > LIMITS.scryptMemory) return null;
  if (!wholeBase64(salt, expected)) return null;
  return { ...params, salt: Buffer.from(salt, 'base64'), expected: Buffer.from(expected, 'base64') };
}

/** Which importable format a hash is in, within its bounds; null for anything else (the caller answers invalid_password_hash). */
export function importedHashKind(hash: string): ImportedHashKind | null {
  const argon2 = ARGON2ID.exec(hash);
  if (argon2) {
    const [memory, passes, lanes] = [Number(argon2[1]), Number(argon2[2]), Number(argon2[3])];
    const fits = memory >= 8 * lanes && memory <= LIMITS.argon2Memory && passes >= 1 && passes <= LIMITS.argon2Passes && lanes >= 1 && lanes <= LIMITS.lanes;
    return fits && wholeBase64(argon2[4]!, argon2[5]!) ? 'argon2id' : null;
  }
  const bcrypt = BCRYPT.exec(hash);
  if (bcrypt) {
    const cost = Number(bcrypt[1]);
    return cost >= LIMITS.bcryptCost[0] && cost <= LIMITS.bcryptCost[1] ? 'bcrypt' : null;
  }
  return scryptParams(hash) ? 'scrypt' : null;
}

/**
 * Checks a password against an imported bcrypt or scrypt hash (argon2id is security/password-hash.ts
 * verifyPassword's, whatever its parameters), off the event loop: @node-rs/bcrypt and Node's scrypt
 * run on libuv's threads. False for a wrong password and for a hash in neither format.
 */
export async function verifyImportedPassword(stored: string, password: string): Promise<boolean> {
  if (BCRYPT.test(stored)) return verifyBcrypt(password, stored);
  const params = scryptParams(stored);
  if (!params) return false;
  const { N, r, p, salt, expected } = params;
  const derived = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, expected.length, { N, r, p, maxmem: 2 * LIMITS.scryptMemory }, (error, key) => (error ? reject(error) : resolve(key))),
  );
  return timingSafeEqual(derived, expected);
}
