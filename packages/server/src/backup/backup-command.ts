import { type CliCommand, packageVersion } from '../cli.js';
import type { ServerConfig } from '../config/server-config.js';
import { migrations } from '../features/index.js';
import { backupEmbeddedDatabase } from './backup-embedded.js';
import { postgresToolsAdvice } from './postgres-tools.js';
import { restoreEmbeddedDatabase } from './restore-embedded.js';

/** Control characters but the line break: whatever a command prints reaches a terminal, where they are commands of their own. */
const CONTROLS = /[^\P{Cc}\n]/gu;
const printable = (text: string) => text.replace(CONTROLS, '?');

/**
 * Runs `backup` or `restore` on the database the settings name and returns the exit status; throws
 * what the operator is to be told when it cannot (a wrong file, a running server, PostgreSQL, whose
 * own tools it names). What it prints and throws carries no control character: restore reads a
 * file that anyone may have made, and checks what it prints from it, but an error from PGlite may
 * quote the database it was given.
 */
export async function runBackupCommand(
  config: ServerConfig,
  command: Extract<CliCommand, { command: 'backup' | 'restore' }>,
  print: (line: string) => void,
): Promise<number> {
  if (config.databaseUrl) throw new Error(postgresToolsAdvice(command.command));
  const say = (line: string) => print(printable(line));
  try {
    if (command.command === 'backup') await backupEmbeddedDatabase(config, command.file, packageVersion(), say);
    else await restoreEmbeddedDatabase(config, command.file, command.force, migrations, say);
  } catch (error) {
    throw new Error(printable((error as Error).message));
  }
  return 0;
}
