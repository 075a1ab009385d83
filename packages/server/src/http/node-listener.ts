import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Logger } from '../kernel/logger.js';
import { refuseUnservable, unservable } from './unreadable-requests.js';

/**
 * A call answered straight from Node's request, before the Hono app: only for calls so frequent
 * that the app's fixed cost per call matters (the session check, which every page of every host
 * makes). It answers only a call that succeeds, with the same body and headers the app would give,
 * and resolves false for every other one, which then goes through the app: every error is worded
 * there. A body it read is kept for the app (readBodyAhead in read-body.ts).
 */
export type HotPath = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;

/** Hot paths by `METHOD /path`, matched exactly (a query string goes to the app). */
export type HotPaths = Map<string, HotPath>;

/** Node's request listener: a hot path when one matches and answers, else the Hono app through its Node adapter. */
export function nodeListener(fetch: (request: Request, env?: unknown) => Promise<Response>, hotPaths: HotPaths, log: Logger): RequestListener {
  const app = getRequestListener(fetch);
  return (request, response) => {
    const refusal = unservable(request);
    if (refusal) {
      refuseUnservable(request, response, refusal);
      return;
    }
    const hot = hotPaths.get(`${request.method} ${request.url}`);
    if (!hot) return void app(request, response);
    hot(request, response).then(
      (answered) => {
        if (!answered) void app(request, response);
      },
      (error: Error) => {
        // The app tries again and answers the error in its own words (a 500 it logs, mostly).
        log.error('A hot path failed; the call went on to the app.', { path: request.url, message: error.message });
        if (!response.headersSent) void app(request, response);
      },
    );
  };
}
