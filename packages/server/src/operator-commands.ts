import type { OperatorTask } from './cli.js';
import type { ServerConfig } from './config/server-config.js';
import { migrations } from './features/index.js';
import { createManagementKey, listManagementKeys, revokeManagementKey } from './kernel/operators/management-keys.js';
import { addOperator, listOperators, removeOperator } from './kernel/operators/operators.js';
import { createDatabase } from './storage/create-database.js';
import { migrateToLatest } from './storage/migrate.js';
import { recordEvent } from './kernel/audit/record-event.js';

/** How events name what the command line does. */
const COMMAND_LINE = { type: 'command_line', name: 'vestibule-server' };

/**
 * Runs `keys` or `admins` against the database the configuration names (migrated first, as a
 * server would), and says what it did. Returns the exit status: 1 when what it was asked to change
 * is not there.
 */
export async function runOperatorTask(config: ServerConfig, task: OperatorTask, print: (line: string) => void, now = new Date()): Promise<number> {
  const { db } = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db, migrations);
    switch (task.task) {
      case 'keys create': {
        const key = await createManagementKey(db, task.name, now);
        await recordEvent(
          db,
          { type: 'operator.action', userId: null, data: { action: 'key.create', key_id: key.key_id, name: key.name }, actor: COMMAND_LINE },
          now,
        );
        print(`Created management key ${key.key_id} ('${key.name}'). The key, shown this once (only its SHA-256 is stored):`);
        print(key.key);
        return 0;
      }
      case 'keys list': {
        const keys = await listManagementKeys(db);
        if (keys.length === 0) print('No management keys. Make one with: vestibule-server keys create --name <name>');
        for (const key of keys)
          print(`${key.key_id}  ${key.name}  created ${key.created_at.toISOString()}  last used ${key.last_used_at?.toISOString() ?? 'never'}`);
        return 0;
      }
      case 'keys revoke':
        if (await revokeManagementKey(db, task.keyId, now)) {
          await recordEvent(db, { type: 'operator.action', userId: null, data: { action: 'key.revoke', key_id: task.keyId }, actor: COMMAND_LINE }, now);
          print(`Revoked ${task.keyId}.`);
          return 0;
        }
        print(`No working management key has the id ${task.keyId} (keys list shows them).`);
        return 1;
      case 'admins add': {
        const email = await addOperator(db, task.email, now);
        await recordEvent(db, { type: 'operator.action', userId: null, data: { action: 'operator.add', email }, actor: COMMAND_LINE }, now);
        print(`${email} is an operator: once signed in with this email verified, they may use the console and the management API.`);
        return 0;
      }
      case 'admins list': {
        const operators = await listOperators(db);
        if (operators.length === 0) print('No operators added by command.');
        for (const operator of operators) print(`${operator.email}  added ${operator.created_at.toISOString()}`);
        if (config.project.adminEmails.length > 0) print(`And from VESTIBULE_ADMIN_EMAILS: ${config.project.adminEmails.join(', ')}`);
        return 0;
      }
      case 'admins remove': {
        const email = await removeOperator(db, task.email);
        if (email) {
          await recordEvent(db, { type: 'operator.action', userId: null, data: { action: 'operator.remove', email }, actor: COMMAND_LINE }, now);
          print(`${email} is no longer an operator (sessions they hold can no longer call the management API).`);
          return 0;
        }
        print(`${task.email} was not added by command${config.project.adminEmails.length > 0 ? ' (VESTIBULE_ADMIN_EMAILS is changed in the settings)' : ''}.`);
        return 1;
      }
    }
  } finally {
    await db.destroy();
  }
}
