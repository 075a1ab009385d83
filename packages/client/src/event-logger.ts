import type { LoggedEvent, LoggedEventName } from '@vestibule/contract';
import type { HttpClient } from './http.js';
import { EVENT_BATCH_SIZE, EVENT_FLUSH_INTERVAL_MS } from './event-batches.js';
import { randomId } from './random-id.js';

export interface EventLogger {
  log(name: LoggedEventName, details?: Record<string, unknown>): void;
  /** Sends everything queued, in batches of at most 15. Never rejects. */
  flush(options?: { keepalive?: boolean }): Promise<void>;
  destroy(): void;
}

export function createEventLogger(http: HttpClient): EventLogger {
  const queue: LoggedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let destroyed = false;

  async function send(events: LoggedEvent[], keepalive: boolean): Promise<void> {
    try {
      await http.requestWith('POST /sdk/v1/events', { keepalive }, { events });
    } catch {
      // Logging is best effort and must never break the host application.
    }
  }

  function flush(options: { keepalive?: boolean } = {}): Promise<void> {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const sends: Promise<void>[] = [];
    while (queue.length > 0) sends.push(send(queue.splice(0, EVENT_BATCH_SIZE), options.keepalive === true));
    return Promise.all(sends).then(() => undefined);
  }

  const onPageHide = (): void => {
    void flush({ keepalive: true });
  };
  if (typeof window !== 'undefined') window.addEventListener('pagehide', onPageHide);

  return {
    log(name, details = {}) {
      if (destroyed) return;
      try {
        queue.push({ event_id: randomId(), name, timestamp: new Date().toISOString(), details });
        if (queue.length >= EVENT_BATCH_SIZE) void flush();
        else timer ??= setTimeout(() => void flush(), EVENT_FLUSH_INTERVAL_MS);
      } catch {
        // never throw into the app
      }
    },
    flush,
    destroy() {
      destroyed = true;
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', onPageHide);
      void flush({ keepalive: true });
    },
  };
}
