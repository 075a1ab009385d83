import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type ServerConfig } from '../../src/index.js';

export const REPO_CONFIG = resolve(fileURLToPath(new URL('../../../../vestibule.config.json', import.meta.url)));
export const PUBLIC_TOKEN = 'public-token-test-5f3a9c1e-demo';
export const ORIGIN = 'http://localhost:3000';
export const RESET_URL = 'http://localhost:3000/reset';

export function tempDir(prefix = 'vestibule-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** The repo's demo config with a fresh data dir, trustProxy on (tests pick their client IP). */
export function testConfig(overrides: Partial<ServerConfig> = {}, env: NodeJS.ProcessEnv = {}): ServerConfig {
  const base = loadConfig({ file: REPO_CONFIG, env: { VESTIBULE_DATA_DIR: tempDir(), VESTIBULE_TRUST_PROXY: 'true', ...env } });
  return { ...base, ...overrides, project: { ...base.project, ...overrides.project } };
}
