import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config/server-config.js';
import type { Database } from '../storage/database.js';

/**
 * Keys derived from the server secret. The secret lives outside the database (the environment, or
 * a file in the data folder in development), so a copy of the database alone does not reveal
 * passcodes by brute force nor the private signing keys.
 */
export interface ServerKeys {
  /** Keys the passcode hashes (HMAC-SHA256). */
  otpHmacKey: Buffer;
  /** Encrypts private signing keys at rest (A256GCM). */
  keyEncryptionKey: Uint8Array;
  /** Encrypts the other secrets the server reads back, authenticator-app keys (security/secret-box.ts). */
  secretBoxKey: Uint8Array;
}

const SECRET_FILE = 'secret';

function derive(secret: string, use: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'vestibule', use, 32));
}

/**
 * The secret: VESTIBULE_SECRET, or in development one generated once into `<dataDir>/secret` (mode
 * 0600) and read again on every later start, so sessions and keys survive restarts.
 */
export function resolveServerSecret(config: Pick<ServerConfig, 'secret' | 'env' | 'dataDir'>): string {
  if (config.secret) return config.secret;
  if (config.env === 'production') throw new Error('VESTIBULE_SECRET is required in production.');
  const file = join(config.dataDir, SECRET_FILE);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another instance starting on the same folder wrote it first: use that one.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

export function deriveServerKeys(secret: string): ServerKeys {
  return {
    otpHmacKey: derive(secret, 'passcode hmac'),
    keyEncryptionKey: derive(secret, 'signing key encryption'),
    secretBoxKey: derive(secret, 'secret box'),
  };
}

/**
 * Every instance of one deployment must use the same secret (or passcodes and keys from another
 * instance would not verify). The first start records a check value; a later start with another
 * secret refuses to run instead of failing request by request.
 */
export async function assertSecretMatches(db: Kysely<Database>, secret: string): Promise<void> {
  const check = createHmac('sha256', derive(secret, 'secret check')).update('vestibule').digest('base64url');
  await db
    .insertInto('server_secrets')
    .values({ name: 'secret_check', value: check })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', 'secret_check').executeTakeFirstOrThrow();
  const stored = Buffer.from(row.value);
  const given = Buffer.from(check);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) {
    throw new Error('VESTIBULE_SECRET is not the secret this database was first started with. Every instance sharing a database needs the same secret.');
  }
}
