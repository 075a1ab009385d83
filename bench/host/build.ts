/**
 * Builds an app the way a host does, for the size and first-paint benchmarks: from an entry file,
 * with esbuild (`--bundle --splitting --format=esm --minify`) or with Vite (an ordinary app build),
 * and tells which files the entry loads before anything lazy (static imports only, CSS included)
 * and their gzipped size.
 *
 * `installHost` packs @vestibule/contract, client and react exactly as `npm publish` would upload
 * them and installs the tarballs into a scratch folder with React from the registry, so what is
 * measured is what a host's bundler gets, not the repository's own build.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as esbuild, type Metafile } from 'esbuild';
import { build as viteBuild, type Manifest } from 'vite';

export const REPO = resolve(import.meta.dirname, '../..');
const PACKAGES = ['@vestibule/contract', '@vestibule/client', '@vestibule/react'];
export const BUNDLERS = ['esbuild', 'vite'] as const;
export type Bundler = (typeof BUNDLERS)[number];

/** React left out of the measured bytes: the host has its own. */
const REACT = [/^react($|\/)/, /^react-dom($|\/)/, /^scheduler($|\/)/];

export interface Initial {
  /** Gzipped bytes (level 9) of every file loaded before anything lazy. */
  bytes: number;
  /** Those files, relative to the output folder, the entry first. */
  files: string[];
  /** The output folder (writePage puts a page that loads the entry there). */
  outDir: string;
  /** The entry's file name in outDir. */
  entry: string;
}

export const gzipBytes = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/**
 * A scratch folder (`work`, emptied first) with the packed packages and React installed
 * (`npm ci` is not possible without a lock; `--prefer-offline` keeps repeat runs quick).
 */
export function installHost(work: string): string {
  const app = join(work, 'app');
  const tarballs = join(work, 'tarballs');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  mkdirSync(tarballs);
  execFileSync('npm', ['pack', ...PACKAGES.flatMap((name) => ['-w', name]), '--pack-destination', tarballs, '--silent'], { cwd: REPO, stdio: 'ignore' });
  const packed = readdirSync(tarballs).map((file) => join(tarballs, file));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'vestibule-bench-host', private: true, type: 'module' }));
  execFileSync('npm', ['install', ...packed, 'react@19', 'react-dom@19', '--no-audit', '--no-fund', '--prefer-offline', '--silent'], {
    cwd: app,
    stdio: 'inherit',
  });
  return app;
}

/** Files `entry` reaches through static imports in an esbuild metafile, with their CSS. */
function esbuildInitialFiles(metafile: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    const file = metafile.outputs[output]!;
    if (file.cssBundle) seen.add(file.cssBundle);
    for (const imported of file.imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entry);
  return [...seen];
}

/** Files `key` reaches through static imports in a Vite manifest, with their CSS. */
export function viteInitialFiles(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) viteInitialFiles(manifest, imported, seen);
  return seen;
}

export interface BuildOptions {
  /** Leave React out (for sizes) or bundle it (for the browser). */
  reactExternal: boolean;
  /** Where the output goes (emptied first). */
  outDir: string;
}

/**
 * Bundles `entry` (a file in `app`) with `bundler` and measures what it loads up front. Minified,
 * production React, ES modules with code splitting, as both tools do for an app by default.
 */
export async function buildEntry(bundler: Bundler, app: string, entry: string, { reactExternal, outDir }: BuildOptions): Promise<Initial> {
  rmSync(outDir, { recursive: true, force: true });
  let files: string[];
  if (bundler === 'esbuild') {
    const result = await esbuild({
      entryPoints: { main: join(app, entry) },
      absWorkingDir: app,
      outdir: outDir,
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      metafile: true,
      external: reactExternal ? ['react', 'react/*', 'react-dom', 'react-dom/*', 'scheduler'] : [],
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'error',
    });
    const main = Object.keys(result.metafile.outputs).find((output) => result.metafile.outputs[output]!.entryPoint && output.endsWith('/main.js'));
    if (!main) throw new Error(`esbuild wrote no main.js for ${entry}`);
    files = esbuildInitialFiles(result.metafile, main).map((output) => relative(outDir, join(app, output)));
  } else {
    await viteBuild({
      root: app,
      configFile: false,
      logLevel: 'error',
      build: {
        outDir,
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: { input: { main: join(app, entry) }, external: reactExternal ? REACT : [], output: { entryFileNames: '[name].js' } },
      },
    });
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const key = Object.keys(manifest).find((name) => manifest[name]!.isEntry);
    if (!key) throw new Error(`Vite wrote no entry for ${entry}`);
    files = [...viteInitialFiles(manifest, key)];
  }
  const bytes = files.reduce((sum, file) => sum + gzipBytes(join(outDir, file)), 0);
  return { bytes, files, outDir, entry: files[0]! };
}

/** The benchmarks' HTML page: `head` (stylesheets, scripts) and `body`. */
export const htmlPage = (head: string, body = '') => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>bench</title>${head}</head>
<body>${body}</body>
</html>
`;

/**
 * Writes the index.html of a bundled entry into its output folder: its initial CSS linked (neither
 * bundler's JavaScript loads an entry's own CSS), the entry as a module, `body` before it.
 */
export function writePage({ outDir, entry, files }: Initial, body = ''): string {
  const styles = files.filter((file) => file.endsWith('.css')).map((file) => `<link rel="stylesheet" href="/${file}">`);
  writeFileSync(join(outDir, 'index.html'), htmlPage(`${styles.join('')}<script type="module" src="/${entry}"></script>`, body));
  return outDir;
}

/** Writes `source` as `name` in the app (entries are plain JavaScript, so every bundler takes them). */
export function writeEntry(app: string, name: string, source: string): string {
  const path = join(app, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, source);
  return name;
}
