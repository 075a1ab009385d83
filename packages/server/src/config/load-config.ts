import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describeIssue, environmentValues, fieldsOf, fileSchema, setAt, withEnvironment } from './build.js';
import { ConfigError } from './config-error.js';
import { coreSection } from './core-section.js';
import type { ConfigSection } from './declare.js';
import type { ServerConfig } from './server-config.js';

export const CONFIG_FILE_NAME = 'vestibule.config.json';

export interface LoadConfigOptions {
  /** Where to look for vestibule.config.json (and its parents); default process.cwd(). */
  cwd?: string;
  /** Environment to read overrides from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** An explicit config file path; wins over VESTIBULE_CONFIG and the search from cwd. */
  file?: string;
}

function findConfigFile(cwd: string): string | null {
  let dir = cwd;
  for (;;) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

interface FileFound {
  /** Where it was read from; null when there is none and the environment alone configures. */
  path: string | null;
  content: unknown;
}

function readFile(options: LoadConfigOptions, cwd: string, env: NodeJS.ProcessEnv): FileFound {
  const explicit = options.file ?? env.VESTIBULE_CONFIG;
  const file = explicit ? resolve(cwd, explicit) : findConfigFile(cwd);
  if (!file) return { path: null, content: {} };
  if (!existsSync(file)) throw new ConfigError(explicit === env.VESTIBULE_CONFIG ? 'VESTIBULE_CONFIG' : 'file', `${file} does not exist`);
  try {
    return { path: file, content: JSON.parse(readFileSync(file, 'utf8')) };
  } catch (error) {
    throw new ConfigError(file, `not valid JSON (${(error as Error).message})`);
  }
}

/** A required setting that neither the file nor the environment gives: say where either could give it. */
function missingSetting(sections: ConfigSection[], field: string, file: string | null, cwd: string): string {
  const [part, ...rest] = field.split('.');
  const declaration = fieldsOf(sections, part as 'server' | 'project').find(([path]) => path === rest.join('.'))?.[1];
  const where = file ?? `${CONFIG_FILE_NAME} (none found in ${cwd} or its parents)`;
  return `required: set it in ${where}${declaration?.env ? ` or set ${declaration.env.name}` : ''}`;
}

/**
 * Reads vestibule.config.json (when there is one) and applies the environment overrides, both as
 * the sections declare them (the core section first, then each feature's). Without a file the
 * environment alone configures the server. Throws ConfigError naming the field or variable at
 * fault.
 */
export function loadConfigWith(featureSections: ConfigSection[], options: LoadConfigOptions = {}): ServerConfig {
  const sections = [coreSection, ...featureSections];
  const cwd = resolve(options.cwd ?? process.cwd());
  const env = options.env ?? process.env;
  const file = readFile(options, cwd, env);
  const fromEnv = environmentValues(sections, env);
  const parsed = fileSchema(sections).safeParse(withEnvironment(file.content, fromEnv), { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const [field, problem] = describeIssue(issue);
    throw new ConfigError(field, issue.code === 'invalid_type' && issue.input === undefined ? missingSetting(sections, field, file.path, cwd) : problem);
  }
  const data = parsed.data as { server: Record<string, unknown>; project: Record<string, unknown> };
  for (const { part, path, value } of fromEnv.filter(({ declaration }) => declaration.envOnly)) setAt(data[part], path, value);
  const config = { ...data.server, project: data.project } as unknown as ServerConfig;
  const fileValues = (file.content ?? {}) as { server?: Record<string, unknown>; project?: Record<string, unknown> };
  for (const section of sections) section.finish?.(config, { env, cwd, file: { server: fileValues.server ?? {}, project: fileValues.project ?? {} } });
  return config;
}
