import { createServer as createNodeServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerConfig } from './config/server-config.js';
import { createServer, type CreateServerOptions } from './create-server.js';

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

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}

/**
 * createServer, then listen on config.port. host 'localhost' (the default) binds both 127.0.0.1
 * and ::1, so http://127.0.0.1:PORT and http://localhost:PORT both answer.
 */
export async function startServer(config: ServerConfig, options: CreateServerOptions = {}): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const vestibule = await createServer(config, options);
  const servers: Server[] = [];
  const make = () => {
    const server = createNodeServer(vestibule.listener);
    servers.push(server);
    return server;
  };
  let port: number;
  try {
    if (config.host === 'localhost') {
      port = await listen(make(), config.port, '127.0.0.1');
      try {
        await listen(make(), port, '::1');
      } catch {
        servers.pop(); // no IPv6 loopback here: 127.0.0.1 alone
      }
    } else {
      port = await listen(make(), config.port, config.host);
    }
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    await vestibule.close();
    throw error;
  }
  let closing: Promise<void> | null = null;
  return {
    url: `http://localhost:${port}`,
    port,
    close() {
      closing ??= (async () => {
        await Promise.all(servers.map(closeServer));
        await vestibule.close();
      })();
      return closing;
    },
  };
}
