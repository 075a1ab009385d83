import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { loadConfig, type ServerConfig } from '../../src/index.js';

export const REPO_CONFIG = resolve(fileURLToPath(new URL('../../../../vestibule.config.json', import.meta.url)));
export const PUBLIC_TOKEN = 'public-token-test-5f3a9c1e-demo';
export const ORIGIN = 'http://localhost:3000';
export const RESET_URL = 'http://localhost:3000/reset';

export const TEST_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';

/** The management key every test stack has (VESTIBULE_MANAGEMENT_KEY); see helpers/management.ts. */
export const MANAGEMENT_KEY = 'test-management-key-0123456789abcdef0123456789';

/** The settings production requires besides a mail transport, as environment variables. */
export const PRODUCTION_ENV = { VESTIBULE_ENV: 'production', VESTIBULE_API_URL: 'http://localhost:8787', VESTIBULE_SECRET: TEST_SECRET };

/**
 * Production as a host that builds the config in code runs it (createServer takes a ServerConfig;
 * loadConfig's checks are for config files): no outbox, a secret, and no SMTP.
 */
export const PRODUCTION: Partial<ServerConfig> = { env: 'production', outboxEnabled: false, secret: TEST_SECRET };

/** A fresh folder under the run's temporary root (test/global-setup.ts removes it when the run ends). */
export function tempDir(prefix = 'vestibule-test-'): string {
  return mkdtempSync(join(inject('testTempRoot') ?? tmpdir(), prefix));
}

/** A fresh data dir holding a copy of the run's migrated, empty embedded database (test/global-setup.ts). */
export function dataDirWithDatabase(): string {
  const dir = tempDir();
  cpSync(inject('testDatabaseTemplate'), join(dir, 'db'), { recursive: true });
  return dir;
}

/** The repo's demo config with a fresh data dir (tests pick their client address with harness peer()). */
export function testConfig(overrides: Partial<ServerConfig> = {}, env: NodeJS.ProcessEnv = {}): ServerConfig {
  const base = loadConfig({ file: REPO_CONFIG, env: { VESTIBULE_DATA_DIR: dataDirWithDatabase(), VESTIBULE_MANAGEMENT_KEY: MANAGEMENT_KEY, ...env } });
  return { ...base, ...overrides, project: { ...base.project, ...overrides.project } };
}
