import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got, and what checking it as a receiver does made of it. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** What `Webhook.verify` (Standard Webhooks' own library) answered: the payload, or why it refused. */
  verified: { type: string; timestamp: string; data: Record<string, unknown> } | { refused: string };
  /** The status it was answered with (0: held, never answered). */
  answeredWith: number;
}

/** How the receiver answers its nth request (0-based): a status, or 'hold' to never answer. */
export type Answerer = (n: number, res: ServerResponse) => number | 'hold';

export interface Receiver {
  /** Its URL on this machine (loopback, which development allows). */
  url: string;
  received: Received[];
  /** The secret `Webhook.verify` checks with: the one POST /v1/webhooks answered. */
  secret: string;
  /** Resolves with what was received once `enough` says so, or rejects after `ms`. */
  waitFor(enough: (received: Received[]) => boolean, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/**
 * A webhook receiver on 127.0.0.1, as an integrator writes one: it reads the raw body and checks it
 * with the standardwebhooks library against its secret (verify, with the library's five minutes of
 * tolerance for the timestamp). `answer` decides each answer: 204 by default, after `delayMs`.
 */
export async function startReceiver(answer: Answerer = () => 204, { delayMs = 0 } = {}): Promise<Receiver> {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const state = { secret: '' };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      let verified: Received['verified'];
      try {
        verified = new Webhook(state.secret).verify(body, req.headers as Record<string, string>) as Received['verified'];
      } catch (error) {
        verified = { refused: (error as Error).message };
      }
      const status = answer(received.length, res);
      received.push({ headers: req.headers, body, verified, answeredWith: status === 'hold' ? 0 : status });
      if (status === 'hold') held.push(res);
      else setTimeout(() => res.writeHead(status).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    get secret() {
      return state.secret;
    },
    set secret(value: string) {
      state.secret = value;
    },
    async waitFor(enough, ms = 10_000) {
      const until = Date.now() + ms;
      while (!enough(received)) {
        if (Date.now() > until)
          throw new Error(`The receiver got ${received.length} requests, not what the test waits for: ${JSON.stringify(received.map((r) => r.body))}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
    close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The payload of a delivery the receiver accepted as signed; throws with the refusal otherwise. */
export function payloadOf(received: Received): { type: string; timestamp: string; data: Record<string, unknown> } {
  if ('refused' in received.verified) throw new Error(`The receiver refused the signature: ${received.verified.refused}`);
  return received.verified;
}
