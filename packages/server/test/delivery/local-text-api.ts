import { createServer, type Server } from 'node:http';
import { freePort } from '../helpers/free-port.js';

/**
 * How the local stand-in for the Twilio Messages API behaves: 'down' nothing listens on its port;
 * 'refuse-400' and 'refuse-500' answer with Twilio's error body (after reading the message, kept
 * in `refused`); 'accept' answers 201 (kept in `received`).
 */
export type TextApiMode = 'down' | 'refuse-400' | 'refuse-500' | 'accept';

export interface TextApiMessage {
  to: string;
  body: string;
}

export interface LocalTextApi {
  baseUrl: string;
  received: TextApiMessage[];
  refused: TextApiMessage[];
  set(mode: TextApiMode): Promise<void>;
  close(): Promise<void>;
}

const REFUSALS = {
  'refuse-400': { status: 400, code: 21211, message: "The 'To' number {to} is not a valid phone number." },
  'refuse-500': { status: 500, code: 20500, message: 'Internal Server Error' },
} as const;

export async function localTextApi(initial: TextApiMode): Promise<LocalTextApi> {
  const port = await freePort();
  const received: TextApiMessage[] = [];
  const refused: TextApiMessage[] = [];
  let mode: TextApiMode = 'down';
  let server: Server | null = null;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((req, res) => {
        let raw = '';
        req.on('data', (chunk) => (raw += chunk));
        req.on('end', () => {
          const form = new URLSearchParams(raw);
          const message = { to: form.get('To') ?? '', body: form.get('Body') ?? '' };
          res.setHeader('Content-Type', 'application/json');
          if (mode === 'refuse-400' || mode === 'refuse-500') {
            refused.push(message);
            const refusal = REFUSALS[mode];
            res.statusCode = refusal.status;
            return res.end(JSON.stringify({ code: refusal.code, message: refusal.message.replace('{to}', message.to), status: refusal.status }));
          }
          received.push(message);
          res.statusCode = 201;
          res.end(JSON.stringify({ sid: 'SM00000000000000000000000000000000', status: 'queued' }));
        });
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = server;
      server = null;
      if (!running) return resolve();
      running.close(() => resolve());
      running.closeAllConnections();
    });

  const api: LocalTextApi = {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    refused,
    async set(next) {
      if (next === 'down') await stop();
      else if (!server) await start();
      mode = next;
    },
    close: stop,
  };
  await api.set(initial);
  return api;
}
