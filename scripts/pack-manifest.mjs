/**
 * The package manifest as published. In the repository each export carries a `source` condition
 * that points into src/ (the TypeScript), so tests and scripts run on the sources with nothing
 * built. A host whose toolchain turned on a condition of that name would compile our sources from
 * node_modules, so the packed manifest leaves it out. npm runs `prepack` before it reads the
 * files it packs and `postpack` after: `strip` sets the repository's manifest aside and writes the
 * published one, `restore` puts the repository's back.
 *
 * Usage (in a package's folder, as its prepack and postpack scripts): node ../../scripts/pack-manifest.mjs strip|restore
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const MANIFEST = 'package.json';
const SET_ASIDE = '.package.repository.json';

/** An exports value without its `source` conditions, at any depth. */
function withoutSource(exportsValue) {
  if (typeof exportsValue !== 'object' || exportsValue === null) return exportsValue;
  return Object.fromEntries(
    Object.entries(exportsValue)
      .filter(([key]) => key !== 'source')
      .map(([key, value]) => [key, withoutSource(value)]),
  );
}

const command = process.argv[2];
if (command === 'strip') {
  // A set-aside copy still there means an earlier pack stopped before postpack: it is the original.
  if (!existsSync(SET_ASIDE)) renameSync(MANIFEST, SET_ASIDE);
  const manifest = JSON.parse(readFileSync(SET_ASIDE, 'utf8'));
  writeFileSync(MANIFEST, `${JSON.stringify({ ...manifest, exports: withoutSource(manifest.exports) }, null, 2)}\n`);
} else if (command === 'restore') {
  if (existsSync(SET_ASIDE)) renameSync(SET_ASIDE, MANIFEST);
} else {
  console.error('usage: node pack-manifest.mjs strip|restore');
  process.exitCode = 2;
}
