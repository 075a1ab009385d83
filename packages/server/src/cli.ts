import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultText, fieldsOf } from './config/build.js';
import { coreSection } from './config/core-section.js';
import { CONFIG_FILE_NAME } from './config/load-config.js';
import { configSections } from './features/index.js';

/** What the command line asks for. A usage error exits 2, as for any command-line tool. */
export type CliCommand = { command: 'start'; configFile: string | undefined } | { command: 'help' } | { command: 'version' } | { command: 'usage-error'; message: string };

const COMMANDS = ['start', 'help'] as const;

export function parseCommandLine(args: string[]): CliCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        config: { type: 'string', short: 'c' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    return { command: 'usage-error', message: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };
  const [command = 'start', ...rest] = positionals;
  if (!(COMMANDS as readonly string[]).includes(command)) return { command: 'usage-error', message: `Unknown command '${command}'.` };
  if (rest.length > 0) return { command: 'usage-error', message: `Unexpected argument '${rest[0]}'.` };
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
