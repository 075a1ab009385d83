import type { EventLogger } from './event-logger.js';
import type { HttpClient } from './http.js';

/**
 * The event logger, loaded with the first event (the client's creation logs one): no widget's first
 * paint waits for its code, and its batches leave 800 ms after an event anyway. Events keep their
 * order. Logging is best effort: a logger that cannot be fetched drops them, and nothing is thrown
 * into the host's page.
 */
export function eventsLater(http: HttpClient): EventLogger {
  let logger: Promise<EventLogger> | undefined;
  const later = (use: (loaded: EventLogger) => unknown): Promise<void> => {
    logger ??= import('./event-logger.js').then((module) => module.createEventLogger(http));
    return logger.then(use).then(
      () => undefined,
      () => undefined,
    );
  };
  return {
    log: (name, details) => void later((loaded) => loaded.log(name, details)),
    flush: (options) => later((loaded) => loaded.flush(options)),
    destroy: () => void later((loaded) => loaded.destroy()),
  };
}
