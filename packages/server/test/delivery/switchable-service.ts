import { freePort } from '../helpers/free-port.js';

/** What a local stand-in listens with: Node's net.Server, or smtp-server's SMTPServer. */
interface Listener {
  listen(port: number, host: string, listening: () => void): unknown;
  once(event: 'error', failed: (error: Error) => void): unknown;
  close(closed: () => void): unknown;
  closeAllConnections?(): void;
}

/** A local stand-in for an outside service, on one fixed port, whose behaviour a test switches. */
export interface SwitchableService<Mode extends string> {
  port: number;
  /** Switches the behaviour; from or to 'down' the service stops or starts listening on the same port. */
  set(mode: Mode | 'down'): Promise<void>;
  close(): Promise<void>;
}

/** Starts `create(mode)` (which reads the mode at each call it answers) unless `initial` is 'down'. */
export async function switchableService<Mode extends string>(
  initial: Mode | 'down',
  create: (mode: () => Mode | 'down') => Listener,
): Promise<SwitchableService<Mode>> {
  const port = await freePort();
  let mode: Mode | 'down' = 'down';
  let server: Listener | null = null;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const starting = create(() => mode);
      server = starting;
      starting.once('error', reject);
      starting.listen(port, '127.0.0.1', () => resolve());
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = server;
      server = null;
      if (!running) return resolve();
      running.close(() => resolve());
      running.closeAllConnections?.();
    });
  const service: SwitchableService<Mode> = {
    port,
    async set(next) {
      if (next === 'down') await stop();
      else if (!server) await start();
      mode = next;
    },
    close: stop,
  };
  await service.set(initial);
  return service;
}
