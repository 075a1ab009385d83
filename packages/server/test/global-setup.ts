import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Every test server keeps its embedded database (some 40 MB) in a folder of its own, and a run
 * starts hundreds of them. They all go under one folder for the run, removed when the run ends,
 * so repeated runs do not fill the disk (they did: 78 GB of leftovers on this machine).
 */
export default function setup(project: TestProject): () => void {
  const root = mkdtempSync(join(tmpdir(), 'vestibule-tests-'));
  project.provide('testTempRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTempRoot: string;
  }
}
