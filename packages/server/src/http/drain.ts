import type { RequestListener, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { whenRequestEnds } from './request-ended.js';

/**
 * The requests Node servers are answering, so that a shutdown takes no new connection, answers
 * those in flight (a request is in flight once its headers have arrived, its body perhaps not yet)
 * and then closes. Node has the parts (server.close stops accepting; closeIdleConnections and
 * closeAllConnections end connections) but closes a connection with a request in flight only with
 * closeAllConnections, which cuts it, and keeps answering Connection: keep-alive while it drains.
 */
export class Drain {
  readonly #inFlight = new Set<ServerResponse>();
  readonly #servers: Server[] = [];
  #draining = false;
  #allAnswered: (() => void) | null = null;

  /** `listener`, counting each request from its headers until its answer is sent or its connection ends. */
  track(listener: RequestListener): RequestListener {
    return (request, response) => {
      this.#inFlight.add(response);
      if (this.#draining) closeAfter(response);
      whenRequestEnds(request, response, () => {
        this.#inFlight.delete(response);
        if (this.#inFlight.size === 0) this.#allAnswered?.();
      });
      listener(request, response);
    };
  }

  /** A server whose connections the drain ends. */
  add(server: Server): void {
    this.#servers.push(server);
  }

  /**
   * Closes a connection of `server` on which nothing has moved for `silentMs`, unless the server is
   * still working out an answer on it (no byte of it sent yet): that wait is the database's or the
   * handler's, with limits of their own, and cutting it would leave the caller with no answer and
   * the handler running unseen (an outside attack's finding, with PostgreSQL frozen). Node's own
   * handling closes every silent connection alike.
   */
  closeSilentConnections(server: Server, silentMs: number): void {
    server.timeout = silentMs;
    server.on('timeout', (socket: Socket) => {
      if (!this.#workingOn(socket)) socket.destroy();
    });
  }

  /** Whether a request on `socket` is in flight with no byte of its answer sent. */
  #workingOn(socket: Socket): boolean {
    for (const response of this.#inFlight) if (response.req.socket === socket && !response.headersSent) return true;
    return false;
  }

  /**
   * Stops accepting, closes idle connections, and gives the requests in flight `graceMs` to be
   * answered, each answer with Connection: close (as does any request already on its way in on a
   * connection that stays open meanwhile), so that the client sends its next request elsewhere.
   * Then every connection left is closed; resolves with how many requests were still unanswered.
   */
  async close(graceMs: number): Promise<number> {
    this.#draining = true;
    for (const response of this.#inFlight) closeAfter(response);
    const closed = this.#servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          if (!server.listening) return resolve();
          server.close(() => resolve());
          server.closeIdleConnections();
        }),
    );
    if (this.#inFlight.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.#allAnswered = resolve;
        timer = setTimeout(resolve, graceMs);
      });
      clearTimeout(timer);
    }
    const cut = this.#inFlight.size;
    const ended = new Promise<void>((resolve) => {
      this.#allAnswered = resolve;
      if (this.#inFlight.size === 0) resolve();
    });
    // What is left: requests past the grace, and connections on which no request has arrived yet.
    for (const server of this.#servers) server.closeAllConnections();
    // The cut requests end with their connections' 'close' events, which also report them (to the
    // request log, say): a later turn of the event loop, before the caller flushes the log and exits.
    await Promise.all([...closed, ended]);
    return cut;
  }
}

/** The connection closes once this answer is sent (unless its headers are gone already). */
function closeAfter(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('Connection', 'close');
}
