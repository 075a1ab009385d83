#!/usr/bin/env node
import { helpText, packageVersion, parseCommandLine } from './cli.js';
import { ConfigError } from './config/config-error.js';
import { loadConfig } from './load-config.js';
import { startServer } from './start-server.js';

const cli = parseCommandLine(process.argv.slice(2));
switch (cli.command) {
  case 'help':
    process.stdout.write(helpText());
    process.exit(0);
  case 'version':
    console.log(packageVersion());
    process.exit(0);
  case 'usage-error':
    console.error(`vestibule-server: ${cli.message}\nRun 'vestibule-server --help' for the commands and settings.`);
    process.exit(2);
}

let config;
try {
  config = loadConfig({ file: cli.configFile });
} catch (error) {
  // A configuration mistake is the operator's to fix: say what is wrong, without a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const server = await startServer(config);
console.log(`Vestibule API: ${server.url}`);
if (config.outboxEnabled) console.log(`Development outbox: ${server.url}/dev/outbox (served to this machine only)`);

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
