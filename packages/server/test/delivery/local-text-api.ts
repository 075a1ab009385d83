import { createServer } from 'node:http';
import { switchableService } from './switchable-service.js';

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
  const received: TextApiMessage[] = [];
  const refused: TextApiMessage[] = [];
  const service = await switchableService<TextApiMode>(initial, (mode) =>
    createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const message = { to: form.get('To') ?? '', body: form.get('Body') ?? '' };
        res.setHeader('Content-Type', 'application/json');
        const now = mode();
        if (now === 'refuse-400' || now === 'refuse-500') {
          refused.push(message);
          const refusal = REFUSALS[now];
          res.statusCode = refusal.status;
          return res.end(JSON.stringify({ code: refusal.code, message: refusal.message.replace('{to}', message.to), status: refusal.status }));
        }
        received.push(message);
        res.statusCode = 201;
        res.end(JSON.stringify({ sid: 'SM00000000000000000000000000000000', status: 'queued' }));
      });
    }),
  );
  return { baseUrl: `http://127.0.0.1:${service.port}`, received, refused, set: service.set, close: service.close };
}
