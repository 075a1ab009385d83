import { createServer, connect, type Server, type Socket } from 'node:net';
import { freePort } from '../helpers/free-port.js';

/** A TCP forwarder in front of PostgreSQL that a test can cut, as a network fault or a stopped database would. */
export interface PostgresProxy {
  /** The target's URL with the proxy's port in its place. */
  url: string;
  /** Ends every forwarded connection and refuses new ones (ECONNREFUSED), as a stopped database does. */
  cut(): Promise<void>;
  /** Forwards again, on the same port. */
  restore(): Promise<void>;
  /**
   * Ends the connections that have sent LISTEN, and while on, any that sends it: the server's
   * change listener alone (its queries through the pool never LISTEN), which then cannot listen again.
   */
  refuseListeners(on: boolean): void;
  close(): Promise<void>;
}

export async function startPostgresProxy(targetUrl: string): Promise<PostgresProxy> {
  const target = new URL(targetUrl);
  const port = await freePort();
  /** Each forwarded connection: the client's socket, the upstream one, and whether it has sent LISTEN. */
  const pairs = new Set<{ client: Socket; upstream: Socket; listens: boolean }>();
  let refuseListeners = false;
  let server: Server | null = null;

  const forward = (client: Socket) => {
    const upstream = connect(Number(target.port), target.hostname);
    const pair = { client, upstream, listens: false };
    pairs.add(pair);
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on('data', (chunk: Buffer) => {
      // The SQL of a simple query message goes as it is written.
      if (chunk.includes('LISTEN ')) pair.listens = true;
      if (refuseListeners && pair.listens) return end();
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer(forward);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = null;
      if (!closing) return resolve();
      closing.close(() => resolve());
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    });

  await listen();
  const url = new URL(targetUrl);
  url.port = String(port);
  return {
    url: url.toString(),
    cut: stop,
    restore: listen,
    refuseListeners(on) {
      refuseListeners = on;
      if (!on) return;
      for (const pair of pairs) {
        if (!pair.listens) continue;
        pair.client.destroy();
        pair.upstream.destroy();
        pairs.delete(pair);
      }
    },
    close: stop,
  };
}
