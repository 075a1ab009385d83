import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultText, fieldsOf } from './config/build.js';
import { coreSection } from './config/core-section.js';
import { CONFIG_FILE_NAME } from './config/load-config.js';
import { configSections } from './features/index.js';
import type { IdpClientConfig } from './features/idp/config.js';

/** What the command line asks for. A usage error exits 2, as for any command-line tool. */
export type CliCommand =
  | { command: 'start'; configFile: string | undefined }
  | { command: 'idp-client'; client: IdpClientDraft }
  | { command: 'operators'; task: OperatorTask; configFile: string | undefined }
  | { command: 'backup'; file: string; configFile: string | undefined }
  | { command: 'restore'; file: string; force: boolean; configFile: string | undefined }
  | { command: 'help' }
  | { command: 'version' }
  | { command: 'usage-error'; message: string };

/** What `keys` and `admins` do to the database the configuration names (operator-commands.ts). */
export type OperatorTask =
  | { task: 'keys create'; name: string }
  | { task: 'keys list' }
  | { task: 'keys revoke'; keyId: string }
  | { task: 'admins add'; email: string }
  | { task: 'admins list' }
  | { task: 'admins remove'; email: string };

/** What `idp-client` is told about a relying party to register: a client entry before its secret. */
export type IdpClientDraft = Omit<IdpClientConfig, 'secretHash' | 'allowedOrigins'>;

const COMMANDS = ['start', 'help', 'idp-client', 'keys', 'admins', 'backup', 'restore'] as const;
const IDP_OPTIONS = ['client-id', 'name', 'type', 'redirect-uri', 'post-logout-uri', 'scope'] as const;

/**
 * An entry of server.idp.clients for the draft. A confidential client gets a new random secret,
 * printed once; the entry keeps only its SHA-256 (client_secret_sha256).
 */
export function idpClientEntry(draft: IdpClientDraft): { entry: Record<string, unknown>; secret: string | null } {
  if (draft.client_type === 'public') return { entry: { ...draft }, secret: null };
  const secret = randomBytes(32).toString('base64url');
  return { entry: { ...draft, client_secret_sha256: `sha256:${createHash('sha256').update(secret, 'utf8').digest('hex')}` }, secret };
}

function idpClientDraft(values: Record<string, string | string[] | boolean | undefined>): IdpClientDraft | string {
  const one = (name: string) => values[name] as string | undefined;
  const many = (name: string) => (values[name] as string[] | undefined) ?? [];
  const clientId = one('client-id');
  if (!clientId) return 'idp-client needs --client-id.';
  const type = one('type') ?? 'public';
  if (type !== 'public' && type !== 'confidential') return "--type is 'public' or 'confidential'.";
  const redirects = many('redirect-uri');
  if (redirects.length === 0) return 'idp-client needs at least one --redirect-uri.';
  for (const uri of [...redirects, ...many('post-logout-uri')]) {
    if (!URL.canParse(uri) || !['http:', 'https:'].includes(new URL(uri).protocol)) return `Not an http(s) URL: ${uri}`;
  }
  const scopes = many('scope')
    .flatMap((scope) => scope.split(/[\s,]+/))
    .filter(Boolean);
  return {
    client_id: clientId,
    client_name: one('name') ?? clientId,
    client_type: type,
    redirect_uris: redirects,
    post_logout_redirect_uris: many('post-logout-uri'),
    allowed_scopes: scopes.length > 0 ? scopes : ['openid', 'email', 'profile'],
  };
}

/** `keys create --name N`, `keys list`, `keys revoke KEY_ID`, `admins add|remove EMAIL`, `admins list`; a string says what is wrong. */
function operatorTask(command: 'keys' | 'admins', rest: string[], values: Record<string, unknown>): OperatorTask | string {
  const [action, argument, extra] = rest;
  if (extra !== undefined) return `Unexpected argument '${extra}'.`;
  const name = values.name as string | undefined;
  if (name !== undefined && !(command === 'keys' && action === 'create')) return '--name belongs to keys create.';
  if (command === 'keys') {
    if (action === 'create' && argument === undefined) return name?.trim() ? { task: 'keys create', name: name.trim() } : 'keys create needs --name <name>.';
    if (action === 'list' && argument === undefined) return { task: 'keys list' };
    if (action === 'revoke') return argument ? { task: 'keys revoke', keyId: argument } : 'keys revoke needs the key id (keys list shows them).';
    return "keys takes 'create --name <name>', 'list' or 'revoke <key id>'.";
  }
  if (action === 'list' && argument === undefined) return { task: 'admins list' };
  if (action === 'add' || action === 'remove') return argument ? { task: `admins ${action}`, email: argument } : `admins ${action} needs an email address.`;
  return "admins takes 'add <email>', 'list' or 'remove <email>'.";
}

/** The command line as parseArgs reads it; throws on an unknown or malformed option. */
function readArgs(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      config: { type: 'string', short: 'c' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
      'client-id': { type: 'string' },
      name: { type: 'string' },
      type: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      'post-logout-uri': { type: 'string', multiple: true },
      scope: { type: 'string', multiple: true },
      force: { type: 'boolean' },
    },
  });
}

export function parseCommandLine(args: string[]): CliCommand {
  let parsed: ReturnType<typeof readArgs>;
  try {
    parsed = readArgs(args);
  } catch (error) {
    return { command: 'usage-error', message: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };
  const [command = 'start', ...rest] = positionals;
  if (!(COMMANDS as readonly string[]).includes(command)) return { command: 'usage-error', message: `Unknown command '${command}'.` };
  if (values.force && command !== 'restore') return { command: 'usage-error', message: '--force belongs to the restore command.' };
  if (command === 'keys' || command === 'admins') {
    const stray = IDP_OPTIONS.find((name) => name !== 'name' && values[name] !== undefined);
    if (stray) return { command: 'usage-error', message: `--${stray} belongs to the idp-client command.` };
    const task = operatorTask(command, rest, values);
    if (typeof task === 'string') return { command: 'usage-error', message: task };
    return { command: 'operators', task, configFile: values.config };
  }
  if (command === 'backup' || command === 'restore') {
    const stray = IDP_OPTIONS.find((name) => values[name] !== undefined);
    if (stray) return { command: 'usage-error', message: `--${stray} belongs to the idp-client command.` };
    const [file, extra] = rest;
    if (!file) return { command: 'usage-error', message: `${command} needs the backup file's path.` };
    if (extra !== undefined) return { command: 'usage-error', message: `Unexpected argument '${extra}'.` };
    return command === 'backup' ? { command, file, configFile: values.config } : { command, file, force: values.force === true, configFile: values.config };
  }
  if (rest.length > 0) return { command: 'usage-error', message: `Unexpected argument '${rest[0]}'.` };
  if (command === 'idp-client') {
    const draft = idpClientDraft(values);
    return typeof draft === 'string' ? { command: 'usage-error', message: draft } : { command: 'idp-client', client: draft };
  }
  const stray = IDP_OPTIONS.find((name) => values[name] !== undefined);
  if (stray) return { command: 'usage-error', message: `--${stray} belongs to the idp-client command.` };
  return command === 'help' ? { command: 'help' } : { command: 'start', configFile: values.config };
}

/** The version in the package's package.json, one folder above src/ and dist/ alike. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** Words wrapped at `width` columns, every line indented by `indent` spaces. */
function wrap(text: string, indent: number, width = 100): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  lines.push(line);
  return lines.map((each) => ' '.repeat(indent) + each).join('\n');
}

/**
 * The help: the commands and options, then every setting with its description and default, read
 * from the same declarations as the configuration loader and the README tables.
 */
export function helpText(): string {
  const sections = [coreSection, ...configSections];
  const settings = (['project', 'server'] as const).map((part) => {
    const fields = fieldsOf(sections, part).map(([path, declaration]) => {
      const names = [declaration.envOnly ? null : `${part}.${path}`, declaration.env?.name].filter(Boolean).join(', ');
      const fallback = defaultText(declaration);
      return `  ${names}  (${fallback === 'required' ? 'required' : `default: ${fallback}`})\n${wrap(declaration.doc, 6)}`;
    });
    return [`${part === 'project' ? 'The project this server hosts' : 'The server'} ("${part}" in the file):`, ...fields].join('\n');
  });
  return [
    'Usage: vestibule-server [start] [--config <file>]',
    '',
    'The Vestibule auth API. It keeps its data in an embedded database in the data folder unless',
    'DATABASE_URL names a PostgreSQL database; in development every email and text lands in',
    'GET /dev/outbox.',
    '',
    'Commands:',
    '  start            Start the server (the default): prints its URL, stops on SIGINT or SIGTERM.',
    '  help             Print this help.',
    "  idp-client       Print an entry of server.idp.clients (the identity provider's relying parties):",
    '                   --client-id <id> [--name <name>] [--type public|confidential]',
    '                   --redirect-uri <url>... [--post-logout-uri <url>...] [--scope <scope>...].',
    '                   A confidential client gets a new secret, printed once; the entry keeps its SHA-256.',
    '  keys create --name <name>   A management API key (/v1), printed once; only its SHA-256 is stored.',
    '  keys list                   The keys that work: id, name, created, last used.',
    '  keys revoke <key id>        Revokes a key at once.',
    '  admins add <email>          Makes the person with this verified email an operator (console, /v1).',
    '  admins list                 The operators added so (VESTIBULE_ADMIN_EMAILS names the others).',
    '  admins remove <email>       Removes one.',
    '                   keys and admins act on the database the settings name (with the embedded',
    '                   database, stop the server first: only one process may open it).',
    '                   To register one without editing the file or restarting: POST /v1/idp_clients',
    "                   (the management API) or the console's Clients page.",
    '  backup <file>               Writes the embedded database (and the generated secret, when the',
    '                              server has no VESTIBULE_SECRET) to one file, mode 0600: it holds',
    '                              password hashes and sealed keys. Stop the server first (only one',
    '                              process may open the embedded database); it takes seconds. With',
    '                              PostgreSQL (DATABASE_URL), use pg_dump: the command prints how.',
    '  restore <file> [--force]    Puts a backup back into the data folder, checked first (a wrong file',
    '                              or secret changes nothing). A folder that holds a database needs',
    '                              --force, and its database is moved aside, not deleted. Server stopped.',
    '',
    'Options:',
    `  -c, --config <file>  The configuration file (JSON). Default: VESTIBULE_CONFIG, else the first`,
    `                       ${CONFIG_FILE_NAME} in the working folder or a parent; without one the`,
    '                       environment alone configures the server.',
    '  -h, --help           Print this help.',
    '  -v, --version        Print the version.',
    '',
    'Settings: each is a field of the configuration file, an environment variable, or both; the',
    'environment wins over the file.',
    '',
    settings.join('\n\n'),
    '',
  ].join('\n');
}
