import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { applyEnvironment, describeIssue, fileSchema } from './build.js';
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

function readFile(options: LoadConfigOptions, cwd: string, env: NodeJS.ProcessEnv): unknown {
  const explicit = options.file ?? env.VESTIBULE_CONFIG;
  const file = explicit ? resolve(cwd, explicit) : findConfigFile(cwd);
  if (!file) throw new ConfigError(CONFIG_FILE_NAME, `not found in ${cwd} or its parents (set VESTIBULE_CONFIG to its path)`);
  if (!existsSync(file)) throw new ConfigError(explicit === env.VESTIBULE_CONFIG ? 'VESTIBULE_CONFIG' : 'file', `${file} does not exist`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(file, `not valid JSON (${(error as Error).message})`);
  }
}

/**
 * Reads vestibule.config.json and applies the environment overrides, both as the sections declare
 * them (the core section first, then each feature's). Throws ConfigError naming the field or
 * variable at fault.
 */
export function loadConfigWith(featureSections: ConfigSection[], options: LoadConfigOptions = {}): ServerConfig {
  const sections = [coreSection, ...featureSections];
  const cwd = resolve(options.cwd ?? process.cwd());
  const env = options.env ?? process.env;
  const raw = readFile(options, cwd, env);
  const parsed = fileSchema(sections).safeParse(raw);
  if (!parsed.success) {
    const [field, problem] = describeIssue(parsed.error.issues[0]!);
    throw new ConfigError(field, problem);
  }
  const data = parsed.data as { server: Record<string, unknown>; project: Record<string, unknown> };
  const values = { server: { ...data.server }, project: { ...data.project } };
  applyEnvironment(values, sections, env);
  const fileValues = raw as { server?: Record<string, unknown>; project?: Record<string, unknown> };
  const config = { ...values.server, project: values.project } as unknown as ServerConfig;
  for (const section of sections) section.finish?.(config, { env, cwd, file: { server: fileValues.server ?? {}, project: fileValues.project ?? {} } });
  return config;
}
