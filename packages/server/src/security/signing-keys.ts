import { calculateJwkThumbprint, compactDecrypt, CompactEncrypt, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.js';

export const SESSION_JWT_ALG = 'ES256';

export interface ActiveSigningKey {
  kid: string;
  alg: string;
  privateKey: CryptoKey;
}

/** The private JWK as stored: encrypted with the key derived from the server secret (dir, A256GCM). */
async function seal(privateJwk: JWK, kid: string, encryptionKey: Uint8Array): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(privateJwk)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid })
    .encrypt(encryptionKey);
}

async function unseal(jwe: string, encryptionKey: Uint8Array): Promise<JWK> {
  const { plaintext } = await compactDecrypt(jwe, encryptionKey);
  return JSON.parse(new TextDecoder().decode(plaintext)) as JWK;
}

async function newKeyRow(now: Date, encryptionKey: Uint8Array) {
  const { publicKey, privateKey } = await generateKeyPair(SESSION_JWT_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = await exportJWK(privateKey);
  return {
    kid,
    alg: SESSION_JWT_ALG,
    status: 'active' as const,
    public_jwk: JSON.stringify({ ...publicJwk, kid, alg: SESSION_JWT_ALG, use: 'sig' }),
    private_jwe: await seal({ ...privateJwk, kid, alg: SESSION_JWT_ALG }, kid, encryptionKey),
    created_at: now,
  };
}

/** Encrypts private keys still stored in plain text (databases from before encryption at rest). */
export async function sealPlainSigningKeys(db: Kysely<Database>, encryptionKey: Uint8Array): Promise<number> {
  const plain = await db.selectFrom('signing_keys').select(['kid', 'private_jwk']).where('private_jwk', 'is not', null).execute();
  for (const row of plain) {
    const jwe = await seal(row.private_jwk as JWK, row.kid, encryptionKey);
    await db.updateTable('signing_keys').set({ private_jwe: jwe, private_jwk: null }).where('kid', '=', row.kid).execute();
  }
  return plain.length;
}

/** Makes sure one active key exists; several instances racing here end up sharing one key. */
export async function ensureSigningKey(db: Kysely<Database>, now: Date, encryptionKey: Uint8Array): Promise<void> {
  const existing = await db.selectFrom('signing_keys').select('kid').where('status', '=', 'active').executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('signing_keys')
    .values(await newKeyRow(now, encryptionKey))
    .onConflict((oc) => oc.column('status').where('status', '=', 'active').doNothing())
    .execute();
}

/**
 * Starts signing with a fresh key. The old key stays published (status 'previous') so JWTs it
 * signed keep verifying until retireSigningKey removes it from the JWKS.
 */
export async function rotateSigningKey(db: Kysely<Database>, now: Date, encryptionKey: Uint8Array): Promise<{ kid: string; previousKid: string | null }> {
  const row = await newKeyRow(now, encryptionKey);
  return db.transaction().execute(async (trx) => {
    const previous = await trx
      .updateTable('signing_keys')
      .set({ status: 'previous' })
      .where('status', '=', 'active')
      .returning('kid')
      .executeTakeFirst();
    await trx.insertInto('signing_keys').values(row).execute();
    return { kid: row.kid, previousKid: previous?.kid ?? null };
  });
}

/** Stops publishing a key that no longer signs; JWTs it signed stop verifying. */
export async function retireSigningKey(db: Kysely<Database>, kid: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('signing_keys')
    .set({ status: 'retired', retired_at: now })
    .where('kid', '=', kid)
    .where('status', '=', 'previous')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Public keys of every non-retired key, newest first: the JWKS. */
export async function publishedKeys(db: Kysely<Database>): Promise<JWK[]> {
  const rows = await db
    .selectFrom('signing_keys')
    .select('public_jwk')
    .where('status', '!=', 'retired')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => row.public_jwk as JWK);
}

/** Reads the active signing key, caching it briefly; rotation on this instance clears the cache. */
export class SigningKeyring {
  #cached: { key: ActiveSigningKey; at: number } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryptionKey: Uint8Array,
    private readonly ttlMs = 60_000,
  ) {}

  async active(): Promise<ActiveSigningKey> {
    const nowMs = Date.now();
    if (this.#cached && nowMs - this.#cached.at < this.ttlMs) return this.#cached.key;
    const row = await this.db
      .selectFrom('signing_keys')
      .select(['kid', 'alg', 'private_jwe'])
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!row?.private_jwe) throw new Error('No active (sealed) signing key in the database.');
    const privateKey = (await importJWK(await unseal(row.private_jwe, this.encryptionKey), row.alg)) as CryptoKey;
    const key = { kid: row.kid, alg: row.alg, privateKey };
    this.#cached = { key, at: nowMs };
    return key;
  }

  forget(): void {
    this.#cached = null;
  }
}
