import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The package's shape (issue 10; docs/adding-a-sign-in-method.md): features never import each
 * other, screens never import @vestibule/client at run time, the shared parts and the engine know
 * no feature, and no import cycle anywhere. Read from the sources, as the repository's dependency
 * rule check does.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

interface Import {
  specifier: string;
  typeOnly: boolean;
}

function importsOf(file: string): Import[] {
  // Comments may quote imports; only code counts.
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out: Import[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?\sfrom\s+['"]([^'"]+)['"]/gm)) {
    out.push({ specifier: m[3]!, typeOnly: Boolean(m[2]) });
  }
  for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) out.push({ specifier: m[1]!, typeOnly: false });
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ specifier: m[1]!, typeOnly: false });
  return out;
}

/** The source file a relative specifier points at, or null (a package, a stylesheet). */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

const files = sourceFiles(SRC);
const rel = (file: string) => relative(SRC, file).split('\\').join('/');
const edges = new Map(files.map((file) => [file, importsOf(file).map((i) => ({ ...i, target: resolveImport(file, i.specifier) }))]));

/** Every import of a file matching `from` that reaches a file matching `to`, as 'from -> to'. */
function violations(from: RegExp, to: (source: string, target: string) => boolean): string[] {
  const out: string[] = [];
  for (const [file, imports] of edges) {
    const source = rel(file);
    if (!from.test(source)) continue;
    for (const { target } of imports) if (target && to(source, rel(target))) out.push(`${source} -> ${rel(target)}`);
  }
  return out;
}

const featureOf = (path: string) => /^features\/([^/]+)\//.exec(path)?.[1] ?? null;

describe('package structure', () => {
  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(60);
    expect(files.some((f) => rel(f) === 'flow/engine.ts')).toBe(true);
  });

  it('a feature never imports another feature', () => {
    expect(violations(/^features\//, (s, t) => featureOf(t) !== null && featureOf(t) !== featureOf(s))).toEqual([]);
  });

  it('screens import @vestibule/client only as types', () => {
    const runtime = [...edges]
      .filter(([file]) => /^features\/[^/]+\/screens\//.test(rel(file)))
      .flatMap(([file, imports]) => imports.filter((i) => i.specifier.startsWith('@vestibule/client') && !i.typeOnly).map(() => rel(file)));
    expect(runtime).toEqual([]);
  });

  it('the shared parts know no feature, mount, flow or Main', () => {
    expect(violations(/^parts\//, (_s, t) => /^(features|mounts|flow|main)\//.test(t))).toEqual([]);
  });

  it('the engine knows no feature, mount or Main', () => {
    expect(violations(/^flow\//, (_s, t) => /^(features|mounts|main)\//.test(t))).toEqual([]);
  });

  it('Main knows no feature or mount (features fill its slots)', () => {
    expect(violations(/^main\//, (_s, t) => /^(features|mounts)\//.test(t))).toEqual([]);
  });

  it('has no import cycle (type imports included)', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'visiting');
      stack.push(file);
      for (const { target } of edges.get(file) ?? []) {
        if (!target) continue;
        if (state.get(target) === 'visiting') cycles.push([...stack.slice(stack.indexOf(target)), target].map(rel).join(' -> '));
        else if (!state.has(target)) visit(target);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
