import { type CliCommand, packageVersion } from '../cli.js';
import type { ServerConfig } from '../config/server-config.js';
import { migrations } from '../features/index.js';
import { backupEmbeddedDatabase } from './backup-embedded.js';
import { postgresToolsAdvice } from './postgres-tools.js';
import { restoreEmbeddedDatabase } from './restore-embedded.js';

/**
 * Runs `backup` or `restore` on the database the settings name and returns the exit status; throws
 * what the operator is to be told when it cannot (a wrong file, a running server, PostgreSQL, whose
 * own tools it names).
 */
export async function runBackupCommand(
  config: ServerConfig,
  command: Extract<CliCommand, { command: 'backup' | 'restore' }>,
  print: (line: string) => void,
): Promise<number> {
  if (config.databaseUrl) throw new Error(postgresToolsAdvice(command.command));
  if (command.command === 'backup') await backupEmbeddedDatabase(config, command.file, packageVersion(), print);
  else await restoreEmbeddedDatabase(config, command.file, command.force, migrations, print);
  return 0;
}
