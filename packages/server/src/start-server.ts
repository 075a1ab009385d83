import { createServer as createNodeServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pTimeout from 'p-timeout';
import type { ServerConfig } from './config/server-config.js';
import { createServer, type CreateServerOptions } from './create-server.js';
import { Drain } from './http/drain.js';
import type { Logger } from './kernel/logger.js';

/**
 * Node's limits on a request's arrival, tighter than its defaults (60 s for the headers, 300 s for
 * the whole request): a client holding its body back for minutes kept a call open that long (an
 * outside attack's finding), and every body taken is at most 16 KiB. What a handler then takes is
 * not counted. Checked every 5 s rather than every 30. A missing Host header is the app's to refuse
 * (http/unreadable-requests.ts), with a body and a request id, rather than Node's bare 400.
 */
const ARRIVAL_LIMITS = { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 5_000, requireHostHeader: false };

/**
 * A connection on which nothing moves for this long is closed (Node's default: never), unless the
 * server is still working out an answer on it (http/drain.ts). A client that asked for large
 * answers and never read them held its connection, and the answers in memory, for good (an outside
 * attack's finding). Node gives a write that made progress since the last check one more period, so
 * such a connection goes within twice this.
 */
const SILENT_CONNECTION_MS = 30_000;

/**
 * How long background work and the database have, once the requests are answered or cut, to
 * close. A database that does not answer (frozen, or its host gone without closing the connection)
 * held the process for ever after SIGTERM (an outside attack's finding); nothing is lost by not
 * waiting longer: the database rolls back what was not committed, and a webhook delivery's claim
 * ends with its lease.
 */
const CLOSE_DEADLINE_MS = 5000;

/** Listens on hostname:port; resolves with the port (the one picked, for port 0). */
function listen(server: Server, port: number, hostname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, hostname, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export interface StartedServer {
  /** http://localhost:PORT */
  url: string;
  port: number;
  /** Where the server logs: JSON lines in production, readable ones in development. */
  log: Logger;
  /**
   * Shuts down gracefully: readiness answers 503, no new connection is taken, the requests in
   * flight have config.shutdownGraceSeconds to be answered (the rest are then cut, and a warning
   * says how many), background work stops or hands its claims back, and the database closes.
   * Resolves with how many requests were cut (0: every one was answered) and whether background
   * work and the database closed within CLOSE_DEADLINE_MS after that (false: a warning says so, and
   * whatever still waits on the database is left to the process's exit).
   */
  close(): Promise<{ cut: number; closed: boolean }>;
}

/**
 * createServer, then listen on config.port. host 'localhost' (the default) binds both 127.0.0.1
 * and ::1, so http://127.0.0.1:PORT and http://localhost:PORT both answer.
 */
export async function startServer(config: ServerConfig, options: CreateServerOptions = {}): Promise<StartedServer> {
  const vestibule = await createServer(config, options);
  const drain = new Drain();
  const listener = drain.track(vestibule.listener);
  const serve = async (port: number, hostname: string) => {
    const server = createNodeServer(ARRIVAL_LIMITS, listener);
    drain.closeSilentConnections(server, SILENT_CONNECTION_MS);
    // Every header line is read: Node keeps the first 2,000 and drops the rest unseen, so a client
    // sending 2,000 of its own pushed out the X-Forwarded-For a proxy appends last, and chose its
    // address (an outside attack's finding). Their size stays bounded (16 KiB, then 431).
    server.maxHeadersCount = 0;
    server.on('clientError', vestibule.answerUnreadable);
    server.on('connect', vestibule.refuseTunnels);
    // A request with an Expect other than 100-continue is served as any other (RFC 9110 lets a
    // server ignore it) instead of Node's bare 417.
    server.on('checkExpectation', listener);
    const bound = await listen(server, port, hostname);
    drain.add(server);
    return bound;
  };
  let port: number;
  try {
    if (config.host === 'localhost') {
      port = await serve(config.port, '127.0.0.1');
      try {
        await serve(port, '::1');
      } catch {
        // no IPv6 loopback here: 127.0.0.1 alone
      }
    } else {
      port = await serve(config.port, config.host);
    }
  } catch (error) {
    await drain.close(0);
    await vestibule.close();
    throw error;
  }
  let closing: Promise<{ cut: number; closed: boolean }> | null = null;
  return {
    url: `http://localhost:${port}`,
    port,
    log: vestibule.log,
    close() {
      closing ??= (async () => {
        vestibule.beginShutdown();
        vestibule.log.info('Shutting down: readiness answers 503, no new connection is taken, and the requests in flight are answered.', {
          shutdownGraceSeconds: config.shutdownGraceSeconds,
        });
        const cut = await drain.close(config.shutdownGraceSeconds * 1000);
        if (cut > 0) {
          vestibule.log.warn(`Shutting down: cut ${cut} request${cut === 1 ? '' : 's'} still unanswered after the ${config.shutdownGraceSeconds} s grace.`, {
            cut,
            shutdownGraceSeconds: config.shutdownGraceSeconds,
          });
        }
        const closed = await pTimeout(
          vestibule.close().then(() => true),
          { milliseconds: CLOSE_DEADLINE_MS, fallback: () => false },
        );
        if (!closed) {
          vestibule.log.warn(
            `Shutting down: background work and the database connections did not close within ${CLOSE_DEADLINE_MS / 1000} s (does the database answer?); the shutdown goes on without them.`,
            { closeDeadlineSeconds: CLOSE_DEADLINE_MS / 1000 },
          );
          // close() did not get to its own flush.
          vestibule.log.flush?.();
        }
        return { cut, closed };
      })();
      return closing;
    },
  };
}
