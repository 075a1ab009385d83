import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fieldsOf } from '../src/config/build.js';
import { coreSection } from '../src/config/core-section.js';
import { configSchemaFile, readmeWithConfigTables } from '../src/config/docs.js';
import { configSections, features } from '../src/features/index.js';

/**
 * The configuration is declared once (the core's section and each feature's); the README's tables
 * and the JSON Schema file are derived from it and must not go stale.
 */
const read = (path: string) => readFileSync(fileURLToPath(new URL(`../${path}`, import.meta.url)), 'utf8');

describe('configuration written once', () => {
  it("the README's tables are the declarations' (npm run docs:config -w @vestibule/server)", () => {
    const readme = read('README.md');
    expect(readmeWithConfigTables(readme, configSections)).toBe(readme);
  });

  it("vestibule.config.schema.json is the declarations' (npm run docs:config -w @vestibule/server)", () => {
    expect(read('vestibule.config.schema.json')).toBe(configSchemaFile(configSections));
  });

  it('every field is declared once, and every environment variable names one field', () => {
    const sections = [coreSection, ...configSections];
    const paths = (['server', 'project'] as const).flatMap((part) => fieldsOf(sections, part).map(([path]) => `${part}.${path}`));
    expect(new Set(paths).size).toBe(paths.length);
    const envs = (['server', 'project'] as const).flatMap((part) => fieldsOf(sections, part).flatMap(([, d]) => (d.env ? [d.env.name] : [])));
    expect(new Set(envs).size).toBe(envs.length);
    // Each feature that takes settings declares them in its own folder's section.
    expect(features.filter((feature) => feature.config).map((feature) => feature.config!.name)).toEqual([
      'bootstrap',
      'magic-links',
      'otps',
      'passwords',
      'passkeys',
      'oauth',
      'crypto',
      'sessions',
      'users',
      'account',
      'two-step',
      'events',
      'idp',
      'console',
      'metrics',
    ]);
  });
});
