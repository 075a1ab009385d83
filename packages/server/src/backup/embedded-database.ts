import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { Database } from '../storage/database.js';

/** Where the embedded database lives in the data folder (storage/create-database.ts opens it there). */
export const databaseDir = (dataDir: string) => join(dataDir, 'db');

/** The secret generated in development (security/server-secret.ts writes it there when VESTIBULE_SECRET is unset). */
export const secretFile = (dataDir: string) => join(dataDir, 'secret');

/** The generated secret in the data folder, or null when there is none. */
export function generatedSecret(dataDir: string): string | null {
  const file = secretFile(dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/** Whether PGlite has made a database in `dir` (initdb writes PG_VERSION). */
export const isDatabase = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/** Whether `dir` holds anything a restore would replace: a database, or what is left of one. */
export const holdsAnything = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

export interface OpenedDatabase {
  pglite: PGlite;
  db: Kysely<Database>;
}

/**
 * Opens the PGlite database in `dir` (never migrating it), or makes it from a tarball of
 * PGlite.dumpDataDir. The caller holds the data folder's claim (storage/embedded-lock.ts); closing
 * `db` closes PGlite.
 */
export async function openDatabase(dir: string, tarball?: Uint8Array): Promise<OpenedDatabase> {
  const pglite = await PGlite.create({ dataDir: dir, ...(tarball ? { loadDataDir: new Blob([new Uint8Array(tarball)]) } : {}) });
  return { pglite, db: new Kysely<Database>({ dialect: new PGliteDialect(pglite) }) };
}

/**
 * The migrations the database has run, by name (storage/migrate.ts records them in
 * vestibule_migrations); null when it has no such table: not a Vestibule database.
 */
export async function ranMigrations(db: Kysely<Database>): Promise<string[] | null> {
  const table = await sql<{ found: string | null }>`select to_regclass('public.vestibule_migrations')::text as found`.execute(db);
  if (!table.rows[0]?.found) return null;
  const names = await sql<{ name: string }>`select name from vestibule_migrations order by name`.execute(db);
  return names.rows.map((row) => row.name);
}

/** Whether a server has started on the database: the first start records its secret's check value (security/server-secret.ts assertSecretMatches). */
export async function startedWithSecret(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('server_secrets').select('name').where('name', '=', 'secret_check').executeTakeFirst()) !== undefined;
}
