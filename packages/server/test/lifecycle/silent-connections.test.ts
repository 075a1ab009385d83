import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { Drain } from '../../src/http/drain.js';

/**
 * Drain.closeSilentConnections, with short periods over real sockets: a connection on which nothing
 * moves is closed, but not while the server is still working out its answer (with PostgreSQL
 * frozen, an outside attack's sign-in was cut at 30 s with no answer, before the database's own
 * limits could answer it).
 */
const SILENT_MS = 300;
const BIG = 'x'.repeat(1 << 20);
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server whose /slow answers after `slowMs`, and whose /big is 1 MiB. */
async function listening(slowMs: number): Promise<number> {
  const drain = new Drain();
  server = createServer(
    drain.track((request, response) => {
      if (request.url === '/slow') setTimeout(() => response.end('late but whole'), slowMs);
      else response.end(BIG);
    }),
  );
  drain.closeSilentConnections(server, SILENT_MS);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

it('lets an answer the server is still working out take longer than the silence allows', async () => {
  const port = await listening(SILENT_MS * 5);
  const answer = await fetch(`http://127.0.0.1:${port}/slow`);
  expect(answer.status).toBe(200);
  expect(await answer.text()).toBe('late but whole');
});

it('closes a connection whose client stopped reading its answers', async () => {
  const port = await listening(0);
  const socket = connect(port, '127.0.0.1', () => {
    socket.pause();
    socket.write('GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n'.repeat(64));
  });
  socket.on('error', () => undefined);
  await new Promise((resolve) => setTimeout(resolve, SILENT_MS * 2 + 1000));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve('closed')));
  socket.resume();
  expect(await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 5000))])).toBe('closed');
  // What was sent before the close, not the 64 MiB asked for.
  expect(socket.bytesRead).toBeLessThan(64 * BIG.length);
});
