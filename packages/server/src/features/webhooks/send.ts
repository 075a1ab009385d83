import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { ServerConfig } from '../../config/server-config.js';
import { addressRefusal, bareHost, checkedLookup } from './url-rules.js';

/** How long an endpoint has to answer an attempt (connecting, then its status line and headers). */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** What an attempt came to: the endpoint's HTTP status, or why there was none. */
export type AttemptOutcome = { status: number } | { error: string };

/**
 * POSTs one signed body to an endpoint. The connection goes only to an address the URL rules
 * allow (url-rules.ts): a literal address is checked here, a host name by the lookup the socket
 * connects with. A redirect is an answer like any other (never followed). `signal` ends the
 * attempt early (the server stopping); ATTEMPT_TIMEOUT_MS ends it in any case.
 */
export function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  env: ServerConfig['env'],
  signal: AbortSignal,
): Promise<AttemptOutcome> {
  const url = new URL(target);
  const host = bareHost(url);
  if (isIP(host)) {
    const refusal = addressRefusal(host, env);
    if (refusal) return Promise.resolve({ error: refusal });
  }
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Vestibule-Webhooks', ...headers },
        lookup: checkedLookup(env),
        // A connection of its own, so a pooled socket never skips the lookup's check.
        agent: false,
        signal: AbortSignal.any([signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
      },
      (res) => {
        // Only the status counts; the body is read and dropped so the connection closes cleanly.
        res.on('error', () => undefined);
        res.resume();
        resolve({ status: res.statusCode ?? 0 });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: attemptError(error) }));
    req.end(body);
  });
}

/** What an operator reads of a failed connection. */
function attemptError(error: NodeJS.ErrnoException): string {
  if (error.code === 'EWEBHOOKADDRESS') return error.message;
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return `No answer within ${ATTEMPT_TIMEOUT_MS / 1000} seconds.`;
  return `The connection failed: ${error.code ?? error.message}.`;
}
