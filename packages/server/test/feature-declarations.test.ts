import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const featuresDir = fileURLToPath(new URL('../src/features/', import.meta.url));

describe("the features' declarations", () => {
  it('reach the built types: features/index.ts lists every config.ts and tables.ts type-only', () => {
    // Declaration merging only holds in a host's compiler for the files the package's entry leads
    // it to (test/package checks the result on the installed tarball).
    const index = readFileSync(`${featuresDir}index.ts`, 'utf8');
    const declaring = readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) =>
        ['config', 'tables'].filter((file) => existsSync(`${featuresDir}${entry.name}/${file}.ts`)).map((file) => `./${entry.name}/${file}.js`),
      );
    expect(declaring.length).toBeGreaterThan(10);
    for (const file of declaring) expect(index, file).toContain(`export type {} from '${file}';`);
  });
});
