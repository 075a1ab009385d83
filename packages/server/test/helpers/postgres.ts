import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';

/** Overridable only to check the CI rule (missing binaries fail the suite when CI=true). */
export const PG_BIN = process.env.VESTIBULE_TEST_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export function postgresAvailable(): boolean {
  return existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl'));
}

function runAsPostgres(binary: string, args: string[]): void {
  const command = join(PG_BIN, binary);
  if (process.getuid?.() === 0) {
    // PostgreSQL refuses to run as root: run it as the postgres system user.
    const quoted = [command, ...args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
    execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' });
  } else {
    execFileSync(command, args, { stdio: 'pipe' });
  }
}

export interface PostgresCluster {
  port: number;
  /** The cluster's data directory (postmaster.pid in it names the server process). */
  dataDir: string;
  /** A fresh, empty database on the cluster; returns its URL. */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
}

/** Runs `work` on a connection of its own to `url`, closed afterwards whatever happens. */
export async function withConnection<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Starts the cluster on a port that was free a moment ago, and on another if that one was taken
 * meanwhile: a port the system just handed out may be the next outgoing connection's (another
 * test's, on a busy run), and PostgreSQL then fails to bind it.
 */
async function startOnFreePort(data: string, dir: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      runAsPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-w', 'start']);
      return port;
    } catch (error) {
      const taken = readFileSync(join(dir, 'log'), 'utf8').includes('Address already in use');
      if (!taken || attempt === 3) throw error;
    }
  }
}

/** A throwaway PostgreSQL 15 cluster in a temp dir (initdb + pg_ctl), about a second to start. */
export async function startPostgres(): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'vestibule-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  runAsPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await startOnFreePort(data, dir);
  let counter = 0;
  let stopped = false;
  return {
    port,
    dataDir: data,
    async createDatabase(name = `vestibule_${process.pid}_${Date.now()}_${counter++}`) {
      await withConnection(`postgres://postgres@127.0.0.1:${port}/postgres`, (client) => client.query(`create database "${name}"`));
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      // Once: a test that takes the database away stops it before the suite's own stop.
      if (stopped) return;
      stopped = true;
      try {
        runAsPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
