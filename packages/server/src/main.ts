#!/usr/bin/env node
import { runBackupCommand } from './backup/backup-command.js';
import { helpText, idpClientEntry, packageVersion, parseCommandLine } from './cli.js';
import { ConfigError } from './config/config-error.js';
import type { ServerConfig } from './config/server-config.js';
import { loadConfig } from './load-config.js';
import { runOperatorTask } from './operator-commands.js';
import { type StartedServer, startServer } from './start-server.js';
import { EmbeddedDatabaseRefused } from './storage/embedded-database-refused.js';

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
    if (config) process.exitCode = await saying(() => runOperatorTask(config, cli.task, (line) => console.log(line)));
    break;
  }
  case 'backup':
  case 'restore': {
    const config = readConfig(cli.configFile);
    if (config) process.exitCode = await saying(() => runBackupCommand(config, cli, (line) => console.log(line)));
    break;
  }
  case 'start':
    await start(cli.configFile);
}

/**
 * The exit status of an operator's command; what stops it (an address the server refuses, a
 * database in use, a file that is no backup) is the operator's to fix: said without a stack trace,
 * exit status 1.
 */
async function saying(work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    console.error(`vestibule-server: ${(error as Error).message}`);
    return 1;
  }
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
  let server: StartedServer;
  try {
    server = await startServer(config);
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseRefused)) throw error;
    console.error(`vestibule-server: ${error.message}`);
    process.exitCode = 1;
    return;
  }
  // Through the log, so that in production stdout holds JSON lines only.
  server.log.info(`Vestibule API: ${server.url}`, { url: server.url });
  const redirectUri = `${config.publicUrl}/sdk/v1/oauth/callback`;
  server.log.info(`OAuth redirect URI to register with each provider: ${redirectUri}`, { redirect_uri: redirectUri });
  if (config.outboxEnabled) server.log.info(`Development outbox: ${server.url}/dev/outbox (served to this machine only)`);

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      // Exit status 1 when a request in flight had to be cut, or the database did not close in
      // time: a deploy that drops calls, or an instance stuck on its database, should show.
      server
        .close()
        .then(({ cut, closed }) => process.exit(cut > 0 || !closed ? 1 : 0))
        .catch((error: unknown) => {
          server.log.error('Error while closing', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
          server.log.flush?.();
          process.exit(1);
        });
    });
  }
}
