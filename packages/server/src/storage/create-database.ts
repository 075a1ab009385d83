import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { pgliteChanges, postgresChanges, type ChangeSource } from './change-feed.js';
import type { Database } from './database.js';
import { lockEmbeddedDatabase } from './embedded-lock.js';
import { POSTGRES_LIMITS } from './postgres-limits.js';
import { privateFolder } from './private-folder.js';

export interface DatabaseOptions {
  /** postgres:// URL; when null the embedded database in `<dataDir>/db` is used. */
  databaseUrl: string | null;
  dataDir: string;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** The database's announcements of changed sessions and users (read by storage/change-feed.ts). */
  changes: ChangeSource;
  /** PostgreSQL's connection pool, whose use the metrics read; null for the embedded database, which has one connection in process. */
  pool: pg.Pool | null;
}

/** Opens the embedded database (PGlite, created on first start) or a PostgreSQL pool. */
export async function createDatabase(options: DatabaseOptions, onError: (error: Error) => void = () => undefined): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, ...POSTGRES_LIMITS });
    // An idle connection the database dropped (a restart, a network fault) is an 'error' on the pool,
    // which crashes the process when nobody listens. The pool has already let the connection go and
    // opens another for the next query; readiness (kernel/readiness.ts) says the database does not answer meanwhile.
    pool.on('error', () => undefined);
    // The same for a connection taken from the pool between two queries (inside a transaction,
    // say), which has no listener of the pool's: the database stopped under a running server
    // crashed it. The next query on that connection fails, and the call with it.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      kind: 'postgres',
      changes: postgresChanges(options.databaseUrl, onError),
      pool,
    };
  }
  const dir = join(options.dataDir, 'db');
  // Readable by this account only, however old the install (storage/private-folder.ts).
  privateFolder(options.dataDir);
  privateFolder(dir);
  const release = lockEmbeddedDatabase(options.dataDir);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dir);
  } catch (error) {
    release();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  // PGlite closed while a query waits for its one connection spins forever on the dead backend
  // (a test that took the database away under the webhook worker hung the unit suite), so destroy
  // first waits for that connection: statements and transactions under way end, and any still
  // queued find the database closed and fail. The claim ends with the database: destroy is how
  // every user of the handle closes it, and closing twice is closing once.
  const destroy = db.destroy.bind(db);
  let destroyed: Promise<void> | null = null;
  db.destroy = () => {
    destroyed ??= db
      .connection()
      .execute(() => destroy())
      .finally(release);
    return destroyed;
  };
  return { db, kind: 'pglite', changes: pgliteChanges(pglite), pool: null };
}
