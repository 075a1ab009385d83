import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.js';

export const SESSION_JWT_ALG = 'ES256';

export interface ActiveSigningKey {
  kid: string;
  alg: string;
  privateKey: CryptoKey;
}

async function newKeyRow(now: Date) {
  const { publicKey, privateKey } = await generateKeyPair(SESSION_JWT_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = await exportJWK(privateKey);
  return {
    kid,
    alg: SESSION_JWT_ALG,
    status: 'active' as const,
    public_jwk: JSON.stringify({ ...publicJwk, kid, alg: SESSION_JWT_ALG, use: 'sig' }),
    private_jwk: JSON.stringify({ ...privateJwk, kid, alg: SESSION_JWT_ALG }),
    created_at: now,
  };
}

/** Makes sure one active key exists; several instances racing here end up sharing one key. */
export async function ensureSigningKey(db: Kysely<Database>, now: Date): Promise<void> {
  const existing = await db.selectFrom('signing_keys').select('kid').where('status', '=', 'active').executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('signing_keys')
    .values(await newKeyRow(now))
    .onConflict((oc) => oc.column('status').where('status', '=', 'active').doNothing())
    .execute();
}

/**
 * Starts signing with a fresh key. The old key stays published (status 'previous') so JWTs it
 * signed keep verifying until retireSigningKey removes it from the JWKS.
 */
export async function rotateSigningKey(db: Kysely<Database>, now: Date): Promise<{ kid: string; previousKid: string | null }> {
  const row = await newKeyRow(now);
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
    private readonly ttlMs = 60_000,
  ) {}

  async active(): Promise<ActiveSigningKey> {
    const nowMs = Date.now();
    if (this.#cached && nowMs - this.#cached.at < this.ttlMs) return this.#cached.key;
    const row = await this.db
      .selectFrom('signing_keys')
      .select(['kid', 'alg', 'private_jwk'])
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!row) throw new Error('No active signing key in the database.');
    const privateKey = (await importJWK(row.private_jwk as JWK, row.alg)) as CryptoKey;
    const key = { kid: row.kid, alg: row.alg, privateKey };
    this.#cached = { key, at: nowMs };
    return key;
  }

  forget(): void {
    this.#cached = null;
  }
}
