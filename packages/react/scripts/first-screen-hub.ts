import { posix } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** The hub's file in dist/, listed in package.json's `sideEffects` so that bundlers keep its imports. */
export const HUB = 'first-screen.js';

/**
 * Makes the library's lazy modules import `dist/first-screen.js`, a file of bare imports of
 * everything the login mount (`root`) loads before anything lazy: its first screen, the client.
 *
 * Why: esbuild (`--splitting`) gives each set of entry points, lazy ones included, that shares a
 * module a chunk of its own. With some forty lazy modules each importing a different handful of
 * the first screen's parts, a host's login page loaded eighteen files up front, about 2 KB of gzip
 * more than four. A lazy module that imports the hub reaches every first-screen module, so they all
 * share one set of entry points and one chunk. No code moves: the imports are bare and the
 * modules have no side effects, so a module a page does not use stays out, and Vite's output is
 * the same. (The login mount is the one measured against a budget; the other mounts' first
 * screens are split as before.)
 *
 * A lazy module that the first screen also imports statically is left alone: importing the hub,
 * it would bring the login's first screen into any other mount's first load that imports it. The
 * import goes at the end of each module, so the line-and-column source map of the (one-line,
 * minified) module still holds; imports run in order before the module's code wherever written.
 */
export function firstScreenHub({ root: rootFile, ignore }: { root: string; ignore: RegExp }): Plugin {
  return {
    name: 'vestibule:first-screen-hub',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const root = bundle[rootFile];
      if (root?.type !== 'chunk') this.error(`no chunk ${rootFile}`);
      const members = firstScreen(root, bundle, ignore);
      const hub = members.map((member) => `import ${JSON.stringify(member in bundle ? `./${member}` : member)};\n`).join('');
      this.emitFile({ type: 'asset', fileName: HUB, source: hub });
      for (const chunk of chunks) {
        if (!chunk.isDynamicEntry || members.includes(chunk.fileName)) continue;
        const path = posix.relative(posix.dirname(chunk.fileName), HUB);
        const line = `\nimport ${JSON.stringify(path.startsWith('.') ? path : `./${path}`)};`;
        const map = chunk.code.lastIndexOf('\n//# sourceMappingURL=');
        chunk.code = map < 0 ? chunk.code + line : chunk.code.slice(0, map) + line + chunk.code.slice(map);
      }
    },
  };
}

/**
 * What `root` imports statically, directly or not, in the order the modules run: the library's own
 * files by name, other packages by specifier (those matching `ignore` left out: the host's React).
 */
function firstScreen(root: OutputChunk, bundle: OutputBundle, ignore: RegExp): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    for (const imported of chunk.imports) {
      if (seen.has(imported) || ignore.test(imported)) continue;
      seen.add(imported);
      const file = bundle[imported];
      if (file?.type === 'chunk') visit(file);
      order.push(imported);
    }
  };
  visit(root);
  order.push(root.fileName);
  return order;
}
