import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** What waits on each connection for the requests on it to end, so that one 'close' listener serves them all. */
const waiting = new WeakMap<Socket, Set<() => void>>();

/**
 * Calls `ended` once, when `response` has gone (completed: whether it was sent whole) or its
 * connection closed first. Node's 'close' on the response is not enough: requests pipelined behind
 * one still being answered wait for a response that is not yet tied to the connection, and when the
 * client resets it they never see a 'close' (an outside attack's finding: each stayed in flight for
 * good, unlogged and uncounted, and a shutdown waited its whole grace for them).
 */
export function whenRequestEnds(request: IncomingMessage, response: ServerResponse, ended: (completed: boolean) => void): void {
  const connection = request.socket;
  let done = false;
  const end = () => {
    if (done) return;
    done = true;
    waiting.get(connection)?.delete(end);
    ended(response.writableFinished);
  };
  response.once('close', end);
  if (connection.destroyed) {
    end();
    return;
  }
  let pending = waiting.get(connection);
  if (!pending) {
    const onConnection = new Set<() => void>();
    pending = onConnection;
    waiting.set(connection, onConnection);
    connection.once('close', () => {
      for (const endOne of [...onConnection]) endOne();
    });
  }
  pending.add(end);
}
