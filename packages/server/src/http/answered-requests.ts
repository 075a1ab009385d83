import type { IncomingMessage, RequestListener } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { whenRequestEnds } from './request-ended.js';

/** A request once answered, as the request log and the metrics see it. */
export interface AnsweredRequest {
  method: string;
  /**
   * The route that answered, as declared ('/v1/users/:user_id'), 'preflight' for a CORS preflight,
   * or 'unmatched': never the path as sent, which anyone can make unique (a metric's labels, and a
   * log line's route, stay bounded).
   */
  route: string;
  /** The answer's status; 499 when the connection closed before an answer began. */
  status: number;
  durationMs: number;
  /** The X-Request-Id the answer carried (every answer of the app and of a hot path has one); null when neither answered. */
  requestId: string | null;
  /** The caller's address as the app read it (the trusted proxies' X-Forwarded-For hop, or the socket's). */
  clientAddress: string | null;
  /** False when the connection closed before the answer was whole (the caller went away, or the server cut it). */
  completed: boolean;
}

const CLOSED_BEFORE_ANSWER = 499;

/** Told of every request once it is answered; must not throw, and should not block. */
export type RequestObserver = (answered: AnsweredRequest) => void;

/** What the app, or a hot path, noted of a request it answers, keyed by Node's request. */
interface Note {
  route: string;
  /** Read when the request is reported: the app sets them as the call goes through its middleware. */
  requestId(): string | null;
  /** Undefined for a hot path: observeRequests reads it then, as the app would have. */
  clientAddress?(): string | null;
}
const notes = new WeakMap<IncomingMessage, Note>();

/**
 * Notes which route answers a call, its id and who called, as soon as the app has matched it: Hono
 * knows them only inside the app (Node's getHeader does not see headers written with the answer),
 * and a caller that goes away mid-body is reported before the app is done. Routes with method ALL
 * are middleware, so a call that matched nothing else (a 404, a 405) is 'unmatched'.
 */
export function noteRoute(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (incoming) {
      const answering = c.req.matchedRoutes.findLast((route) => route.method !== 'ALL');
      notes.set(incoming, {
        // A CORS preflight (OPTIONS) is answered by the CORS middleware for any path.
        route: answering?.path ?? (c.req.method === 'OPTIONS' ? 'preflight' : 'unmatched'),
        requestId: () => c.get('requestId') ?? null,
        clientAddress: () => c.get('clientAddress') ?? null,
      });
    }
    await next();
  };
}

/** For a call answered before the app (a hot path, or one the app cannot take): its route, as the contract declares it, and the id it answered with. */
export function noteNodeAnswer(request: IncomingMessage, route: string, requestId: string): void {
  notes.set(request, { route, requestId: () => requestId });
}

/**
 * Node's request listener with each request reported to `observers` once its answer has gone
 * (or its connection closed first), with its duration from arrival. `callerOf` reads the caller of
 * a call a hot path answered. Without observers it is the listener itself.
 */
export function observeRequests(
  listener: RequestListener,
  observers: readonly RequestObserver[],
  callerOf: (request: IncomingMessage) => string | null,
): RequestListener {
  if (observers.length === 0) return listener;
  return (request, response) => {
    const started = performance.now();
    // Read once now, Node keeps it: a caller that went away mid-body is still named.
    void request.socket.remoteAddress;
    const report = (completed: boolean) => {
      const note = notes.get(request);
      const answered: AnsweredRequest = {
        method: request.method ?? 'GET',
        route: note?.route ?? 'unmatched',
        // Nothing was sent: nginx's 499 (client closed request), not the 200 Node starts with.
        status: completed || response.headersSent ? response.statusCode : CLOSED_BEFORE_ANSWER,
        durationMs: performance.now() - started,
        requestId: note?.requestId() ?? null,
        clientAddress: note?.clientAddress ? note.clientAddress() : callerOf(request),
        completed,
      };
      for (const observe of observers) observe(answered);
    };
    whenRequestEnds(request, response, report);
    listener(request, response);
  };
}
