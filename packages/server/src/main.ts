#!/usr/bin/env -S node --import tsx
import { loadConfig } from './config/load-config.js';
import { startServer } from './start-server.js';

const config = loadConfig();
const server = await startServer(config);
console.log(`Vestibule API: ${server.url}`);
if (config.outboxEnabled) console.log(`Development outbox: ${server.url}/dev/outbox`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error('Vestibule API: error while closing', error);
        process.exit(1);
      });
  });
}
