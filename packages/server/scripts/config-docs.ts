/**
 * Writes what is derived from the configuration declarations: the tables in README.md and
 * vestibule.config.schema.json (editors complete vestibule.config.json with it). A test fails when
 * either is stale: run `npm run docs:config -w @vestibule/server`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configSchemaFile, readmeWithConfigTables } from '../src/config/docs.js';
import { configSections } from '../src/features/index.js';

const here = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
writeFileSync(here('README.md'), readmeWithConfigTables(readFileSync(here('README.md'), 'utf8'), configSections));
writeFileSync(here('vestibule.config.schema.json'), configSchemaFile(configSections));
console.log('Wrote README.md configuration tables and vestibule.config.schema.json.');
