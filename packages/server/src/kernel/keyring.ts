import { calculateJwkThumbprint, compactDecrypt, CompactEncrypt, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.js';

/**
 * What a key signs and with which algorithm. Each (use, alg) has its own active key, rotated on
 * its own: the ES256 session-JWT key and, for the identity provider, an RS256 id_token key (the
 * algorithm every OpenID Connect client must support) live side by side in one JWKS.
 */
export interface KeyPurpose {
  use: 'session' | 'id_token';
  alg: 'ES256' | 'RS256';
}

export const SESSION_KEY: KeyPurpose = { use: 'session', alg: 'ES256' };
export const ID_TOKEN_KEY: KeyPurpose = { use: 'id_token', alg: 'RS256' };

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

async function newKeyRow(now: Date, encryptionKey: Uint8Array, purpose: KeyPurpose) {
  const { alg } = purpose;
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true, ...(alg === 'RS256' ? { modulusLength: 2048 } : {}) });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = await exportJWK(privateKey);
  return {
    kid,
    alg,
    key_use: purpose.use,
    status: 'active' as const,
    public_jwk: JSON.stringify({ ...publicJwk, kid, alg, use: 'sig' }),
    private_jwe: await seal({ ...privateJwk, kid, alg }, kid, encryptionKey),
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

/** Makes sure one active key of the purpose exists; several instances racing here end up sharing one. */
export async function ensureSigningKey(db: Kysely<Database>, now: Date, encryptionKey: Uint8Array, purpose: KeyPurpose = SESSION_KEY): Promise<void> {
  const existing = await db
    .selectFrom('signing_keys')
    .select('kid')
    .where('status', '=', 'active')
    .where('key_use', '=', purpose.use)
    .where('alg', '=', purpose.alg)
    .executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('signing_keys')
    .values(await newKeyRow(now, encryptionKey, purpose))
    .onConflict((oc) => oc.columns(['key_use', 'alg']).where('status', '=', 'active').doNothing())
    .execute();
}

/**
 * Starts signing with a fresh key. The old key stays published (status 'previous') so JWTs it
 * signed keep verifying until retireSigningKey removes it from the JWKS.
 */
export async function rotateSigningKey(
  db: Kysely<Database>,
  now: Date,
  encryptionKey: Uint8Array,
  purpose: KeyPurpose = SESSION_KEY,
): Promise<{ kid: string; previousKid: string | null }> {
  const row = await newKeyRow(now, encryptionKey, purpose);
  return db.transaction().execute(async (trx) => {
    const previous = await trx
      .updateTable('signing_keys')
      .set({ status: 'previous' })
      .where('status', '=', 'active')
      .where('key_use', '=', purpose.use)
      .where('alg', '=', purpose.alg)
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
  const rows = await db.selectFrom('signing_keys').select('public_jwk').where('status', '!=', 'retired').orderBy('created_at', 'desc').execute();
  return rows.map((row) => row.public_jwk as JWK);
}

/**
 * The active key of each purpose, read from the database and cached briefly; rotation on this
 * instance clears the cache. A purpose with no key yet (the id_token key before the identity
 * provider first signs) gets one on first use.
 */
export class SigningKeyring {
  #cached = new Map<string, { key: ActiveSigningKey; at: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryptionKey: Uint8Array,
    private readonly ttlMs = 60_000,
  ) {}

  async active(purpose: KeyPurpose = SESSION_KEY): Promise<ActiveSigningKey> {
    const nowMs = Date.now();
    const name = `${purpose.use}:${purpose.alg}`;
    const cached = this.#cached.get(name);
    if (cached && nowMs - cached.at < this.ttlMs) return cached.key;
    const read = () =>
      this.db
        .selectFrom('signing_keys')
        .select(['kid', 'alg', 'private_jwe'])
        .where('status', '=', 'active')
        .where('key_use', '=', purpose.use)
        .where('alg', '=', purpose.alg)
        .executeTakeFirst();
    let row = await read();
    if (!row) {
      await ensureSigningKey(this.db, new Date(nowMs), this.encryptionKey, purpose);
      row = await read();
    }
    if (!row?.private_jwe) throw new Error(`No active (sealed) ${name} signing key in the database.`);
    const privateKey = (await importJWK(await unseal(row.private_jwe, this.encryptionKey), row.alg)) as CryptoKey;
    const key = { kid: row.kid, alg: row.alg, privateKey };
    this.#cached.set(name, { key, at: nowMs });
    return key;
  }

  forget(): void {
    this.#cached.clear();
  }
}
