// Apart from the logger, which loads with the first event (events-later.ts): the package exports them.

/** Events per POST /sdk/v1/events; a full batch is sent at once. */
export const EVENT_BATCH_SIZE = 15;
/** Longest an event waits in the queue before it is sent. */
export const EVENT_FLUSH_INTERVAL_MS = 800;
