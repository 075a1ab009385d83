import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A load balancer for tests: what it forwarded, and the back ends it stopped sending to. */
export interface RoundRobin {
  url: string;
  /** Back ends found dead (a connection refused or reset), no longer sent to. */
  dead: Set<string>;
  /** Answers it gave itself (502) because a back end failed after the request reached it. */
  failedInFlight: number;
  close(): Promise<void>;
}

/**
 * Sends each request to the next live back end in turn, as a load balancer in front of several
 * instances does. A back end that refuses the connection is marked dead and the request goes to
 * the next one (nothing reached the dead one, so nothing is done twice); one that fails after the
 * request reached it is marked dead too and the caller gets 502, as nginx answers a request it will
 * not send again (a POST may have been carried out).
 */
export async function startRoundRobin(backEnds: string[]): Promise<RoundRobin> {
  const dead = new Set<string>();
  let next = 0;
  const state = { failedInFlight: 0 };
  const server: Server = createServer((incoming, outgoing) => {
    const parts: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => parts.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(parts);
      const attempt = (tried: number) => {
        const live = backEnds.filter((backEnd) => !dead.has(backEnd));
        if (live.length === 0 || tried >= backEnds.length) return void outgoing.writeHead(503).end();
        const target = new URL(live[next++ % live.length]!);
        let reached = false;
        // Each simulated person connects from an address of their own (X-Test-From), as people do, so per-client limits count them apart.
        const { 'x-test-from': from, ...headers } = incoming.headers;
        const forwarded = request(
          {
            host: '127.0.0.1',
            port: target.port,
            method: incoming.method,
            path: incoming.url,
            headers,
            agent: false,
            localAddress: typeof from === 'string' ? from : undefined,
          },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
            answer.on('error', () => outgoing.destroy());
          },
        );
        forwarded.on('socket', (socket) => socket.on('connect', () => (reached = true)));
        forwarded.on('error', () => {
          dead.add(target.toString().replace(/\/$/, ''));
          if (!reached) return attempt(tried + 1);
          state.failedInFlight += 1;
          if (!outgoing.headersSent) outgoing.writeHead(502).end();
          else outgoing.destroy();
        });
        forwarded.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dead,
    get failedInFlight() {
      return state.failedInFlight;
    },
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
