import type { RequestObserver } from '../http/answered-requests.js';
import type { Logger } from '../kernel/logger.js';

/**
 * One line per request once answered: its id (the X-Request-Id the caller got, which the lines
 * logged while answering it carry too), method, route as declared (never the path or query as
 * sent), status, duration and caller. A 5xx is an error line: the cause, if the server failed,
 * is the error handler's line with the same request_id. An answer cut off (the caller left, or
 * the server closed the connection) says so.
 */
export function requestLog(log: Logger): RequestObserver {
  return (answered) => {
    const details = {
      request_id: answered.requestId,
      method: answered.method,
      route: answered.route,
      status: answered.status,
      duration_ms: Math.round(answered.durationMs * 10) / 10,
      client_address: answered.clientAddress,
      ...(answered.completed ? {} : { completed: false }),
    };
    const message = answered.completed ? 'Request answered' : 'Request closed before its answer was whole';
    if (answered.status >= 500) log.error(message, details);
    else log.info(message, details);
  };
}
