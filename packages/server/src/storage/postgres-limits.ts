import type pg from 'pg';

/**
 * How long each connection of the server's to PostgreSQL (the pool's and the change feed's
 * listener) waits on a database that stops answering: frozen, overloaded, or its host or the
 * network gone without closing the connection. An outside attack froze the database: nothing
 * waited less than for ever, and the pool's connections stayed taken.
 */
export const POSTGRES_LIMITS = {
  // Opening a connection, and for the pool also waiting for one while all are in use: a database
  // that answers connects in milliseconds, and a request that waited 10 s for a connection is
  // better failed than kept waiting.
  connectionTimeoutMillis: 10_000,
  // The database cancels a statement running longer, and the connection stays usable. A request's
  // queries take milliseconds; the longest statements are the migrations at start and the pruning
  // batches (bounded), both well under a minute (a future migration that builds an index on a very
  // large table must split its work or raise this limit).
  statement_timeout: 60_000,
  // The client's own limit, for a database that does not answer at all (a frozen one cancels
  // nothing): a query gives up and its pool connection comes back. A little longer than
  // statement_timeout, so that the database's own cancel, which leaves the connection clean, comes
  // first whenever the database is there to send it.
  query_timeout: 65_000,
  // TCP keepalive on idle connections (the listener is idle most of the time): a host or network
  // path gone without closing the connection is noticed once the system's probes fail, instead of
  // never. The kernel of a host whose database is frozen still answers them: that case is left to
  // the timeouts above.
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} satisfies pg.ClientConfig;
