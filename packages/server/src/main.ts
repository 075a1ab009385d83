#!/usr/bin/env node
import { helpText, idpClientEntry, packageVersion, parseCommandLine } from './cli.js';
import { ConfigError } from './config/config-error.js';
import type { ServerConfig } from './config/server-config.js';
import { loadConfig } from './load-config.js';
import { runOperatorTask } from './operator-commands.js';
import { startServer } from './start-server.js';

const cli = parseCommandLine(process.argv.slice(2));
// process.exitCode, not process.exit(): a piped stdout may still be writing the help.
switch (cli.command) {
  case 'help':
    process.stdout.write(helpText());
    break;
  case 'version':
    console.log(packageVersion());
    break;
  case 'usage-error':
    console.error(`vestibule-server: ${cli.message}\nRun 'vestibule-server --help' for the commands and settings.`);
    process.exitCode = 2;
    break;
  case 'idp-client': {
    const { entry, secret } = idpClientEntry(cli.client);
    console.log(JSON.stringify(entry, null, 2));
    if (secret) console.error(`\nThe client secret (give it to the relying party; it is not stored, only its SHA-256 above):\n${secret}`);
    console.error(
      '\nAdd the entry to server.idp.clients in vestibule.config.json (or VESTIBULE_IDP_CLIENTS) and restart; or make the client without a restart through the management API (POST /v1/idp_clients) or the console.',
    );
    break;
  }
  case 'operators': {
    const config = readConfig(cli.configFile);
    if (config) {
      try {
        process.exitCode = await runOperatorTask(config, cli.task, (line) => console.log(line));
      } catch (error) {
        // An address the server refuses, or a database in use: the operator's to fix, without a stack trace.
        console.error(`vestibule-server: ${(error as Error).message}`);
        process.exitCode = 1;
      }
    }
    break;
  }
  case 'start':
    await start(cli.configFile);
}

/** The settings, or null after saying what is wrong with them (exit status 1). */
function readConfig(configFile: string | undefined): ServerConfig | null {
  try {
    return loadConfig({ file: configFile });
  } catch (error) {
    // A configuration mistake is the operator's to fix: say what is wrong, without a stack trace.
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
    return null;
  }
}

async function start(configFile: string | undefined): Promise<void> {
  const config = readConfig(configFile);
  if (!config) return;
  const server = await startServer(config);
  console.log(`Vestibule API: ${server.url}`);
  console.log(`OAuth redirect URI to register with each provider: ${config.publicUrl}/sdk/v1/oauth/callback`);
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
}
