import { configJsonSchema, configTable } from './build.js';
import { coreSection } from './core-section.js';
import type { ConfigSection } from './declare.js';

/** Where the generated tables sit in packages/server/README.md. */
export const README_MARKERS = {
  project: ['<!-- generated: project fields (npm run docs:config) -->', '<!-- /generated: project fields -->'],
  server: ['<!-- generated: server fields (npm run docs:config) -->', '<!-- /generated: server fields -->'],
} as const;

/** The README with its configuration tables written anew from the declarations. */
export function readmeWithConfigTables(readme: string, featureSections: ConfigSection[]): string {
  const sections = [coreSection, ...featureSections];
  let text = readme;
  for (const part of ['project', 'server'] as const) {
    const [start, end] = README_MARKERS[part];
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`README: the markers ${start} … ${end} are missing.`);
    text = `${text.slice(0, from + start.length)}\n${configTable(sections, part)}\n${text.slice(to)}`;
  }
  return text;
}

/** vestibule.config.schema.json as written to disk. */
export function configSchemaFile(featureSections: ConfigSection[]): string {
  return `${JSON.stringify(configJsonSchema([coreSection, ...featureSections]), null, 2)}\n`;
}
