import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * What docs/adding-a-sign-in-method.md's tests share: the guide's code blocks, and a copy of the
 * repository's packages in which a throwaway method is added by following the guide.
 *
 * The method's files (the fixture) are kept under test/guide/.fixture/, at the path the guide puts
 * them (.fixture/packages/server/src/features/example-code/index.ts is
 * packages/server/src/features/example-code/index.ts). They are written for that place, so they
 * compile only there: the folder's dot keeps the repository's type check and test runner out of it,
 * and the tests copy it into a copy of the packages, where the type check covers it.
 */

/** The repository: the folder, from the one the tests run in upwards, that holds this guide (import.meta.url is no file path in the widgets' DOM environment). */
export const REPO = (() => {
  for (let dir = resolve(process.cwd()); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'docs/adding-a-sign-in-method.md')) && existsSync(join(dir, 'tsconfig.base.json'))) return dir;
    if (dirname(dir) === dir) throw new Error('No repository holding docs/adding-a-sign-in-method.md above the current folder.');
  }
})();
export const GUIDE = join(REPO, 'docs/adding-a-sign-in-method.md');

/** A fenced code block of the guide: a file of the method quoted, or the lines the method adds to a file of the repository. */
export interface GuideBlock {
  /** The repository path its first line names. */
  path: string;
  /** 'quote': lines of the method's file at `path`; 'added': the lines added to the existing file at `path`. */
  kind: 'quote' | 'added';
  lines: string[];
  /** The guide's line the block starts at, for messages. */
  at: number;
}

/**
 * Every code block of the guide. Each starts with a comment naming a path (`// packages/…` or
 * `/* packages/… *\/`), followed by ` (lines added)` when it lists the lines added to that file;
 * a block that names no path is an error, so that no sample goes unchecked.
 */
export function guideBlocks(text = readFileSync(GUIDE, 'utf8')): GuideBlock[] {
  const blocks: GuideBlock[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('```')) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!);
    const header = /^(?:\/\/|\/\*) (packages\/\S+?)( \(lines added\))?(?: \*\/)?$/.exec(body[0] ?? '');
    if (!header) throw new Error(`docs/adding-a-sign-in-method.md line ${start + 1}: a code block must start with the path it shows (// packages/…)`);
    blocks.push({ path: header[1]!, kind: header[2] ? 'added' : 'quote', lines: body.slice(1), at: start + 1 });
  }
  return blocks;
}

/**
 * Where a quoted block is missing from the fixture file, or null when it is there: its lines, in
 * order and next to each other, except where the block has a `…` line (lines left out).
 */
export function quoteMismatch(block: GuideBlock, file: string): string | null {
  const fileLines = file.split('\n');
  const parts: string[][] = [[]];
  for (const line of block.lines) {
    if (/^\s*(\/\/ )?…$/.test(line)) parts.push([]);
    else parts.at(-1)!.push(line);
  }
  let from = 0;
  for (const part of parts.filter((p) => p.length > 0)) {
    // The place where most of the part's first lines match; the part is there when all of them do.
    let best = { at: -1, matched: 0 };
    for (let i = from; i < fileLines.length && best.matched < part.length; i++) {
      let matched = 0;
      while (matched < part.length && fileLines[i + matched] === part[matched]) matched++;
      if (matched > best.matched) best = { at: i, matched };
    }
    if (best.matched < part.length) {
      return `the guide's block at line ${block.at} (${block.path}) differs from the fixture's file at: ${part[best.matched]}`;
    }
    from = best.at + part.length;
  }
  return null;
}

/** The lines of `after` that `before` does not have, in order (a changed line counts as added). */
export function addedLines(before: string, after: string): string[] {
  const old = new Map<string, number>();
  for (const line of before.split('\n')) old.set(line, (old.get(line) ?? 0) + 1);
  const added: string[] = [];
  for (const line of after.split('\n')) {
    const left = old.get(line) ?? 0;
    if (left > 0) old.set(line, left - 1);
    else added.push(line);
  }
  return added;
}

/** Where a "(lines added)" block differs from the lines an edit added (addedLines), or null when it lists exactly those. */
export function addedMismatch(block: GuideBlock, added: readonly string[]): string | null {
  const listed = block.lines.filter((line) => line.trim() !== '');
  const where = `${block.path}: the guide's block at line ${block.at}`;
  if (listed.length !== added.length) return `${where} lists ${listed.length} lines, the edit adds: ${added.join(' | ')}`;
  const i = listed.findIndex((line, j) => !sameLine(line, added[j]!));
  return i < 0 ? null : `${where} has "${listed[i]!.trim()}" where the edit adds "${added[i]!.trim()}"`;
}

/** Whether the guide's line (trimmed; `…` stands for what the file already has there) is the added line. */
export function sameLine(guide: string, added: string): boolean {
  const pattern = guide
    .trim()
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(added.trim());
}

/** A copy of some of the repository's packages (src/ and package.json) in a temporary folder, resolving its dependencies as the repository does. */
export interface Tree {
  root: string;
  /** The absolute path of a repository path inside the copy. */
  at(path: string): string;
  /** Copies the fixture folder's files (those under `under`, a repository path) over the tree; returns their repository paths. */
  overlay(fixture: string, under?: string): string[];
  /**
   * Changes a file of the tree with `edit` and returns the lines that changed (addedLines); fails
   * if the edit changed nothing (the anchor it looks for has moved).
   */
  edit(path: string, edit: (text: string) => string): string[];
  /** Runs the compiler over the copied packages' src/ with the repository's settings; its output when it fails, '' when it passes. */
  typecheck(): Promise<string>;
  remove(): void;
}

/**
 * Copies `packages` (names under packages/) into a fresh temporary folder. Its node_modules links to
 * the repository's, except that a copied package's name leads to the copy, so the copies use each
 * other (the server's copy, the contract's copy).
 */
export function copyTree(packages: string[], parent = tmpdir()): Tree {
  const root = mkdtempSync(join(parent, 'vestibule-guide-'));
  for (const name of packages) {
    const from = join(REPO, 'packages', name);
    cpSync(join(from, 'src'), join(root, 'packages', name, 'src'), { recursive: true });
    cpSync(join(from, 'package.json'), join(root, 'packages', name, 'package.json'));
    if (existsSync(join(from, 'node_modules'))) symlinkSync(join(from, 'node_modules'), join(root, 'packages', name, 'node_modules'));
  }
  const modules = join(REPO, 'node_modules');
  mkdirSync(join(root, 'node_modules/@vestibule'), { recursive: true });
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.') || entry === '@vestibule') continue;
    symlinkSync(join(modules, entry), join(root, 'node_modules', entry));
  }
  for (const entry of readdirSync(join(modules, '@vestibule'))) {
    const copied = packages.includes(entry);
    symlinkSync(copied ? join(root, 'packages', entry) : join(modules, '@vestibule', entry), join(root, 'node_modules/@vestibule', entry));
  }
  writeFileSync(
    join(root, 'tsconfig.json'),
    JSON.stringify({
      extends: join(REPO, 'tsconfig.base.json'),
      compilerOptions: { types: ['node'] },
      include: packages.map((name) => `packages/${name}/src`),
    }),
  );
  const at = (path: string) => join(root, path);
  return {
    root,
    at,
    overlay(fixture, under = '') {
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir)) {
          const path = join(dir, entry);
          if (statSync(path).isDirectory()) walk(path);
          else if (relative(fixture, path).startsWith(under)) files.push(relative(fixture, path));
        }
      };
      walk(fixture);
      for (const file of files) {
        if (existsSync(at(file))) throw new Error(`The fixture's ${file} is already in the repository.`);
        mkdirSync(dirname(at(file)), { recursive: true });
        cpSync(join(fixture, file), at(file));
      }
      return files;
    },
    edit(path, edit) {
      const before = readFileSync(at(path), 'utf8');
      const after = edit(before);
      if (after === before) throw new Error(`The edit of ${path} found nothing to change.`);
      writeFileSync(at(path), after);
      return addedLines(before, after);
    },
    typecheck() {
      const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
      const args = [tsc, '-p', join(root, 'tsconfig.json')];
      return new Promise((done) => {
        // Its output when it fails (the errors), '' when it passes.
        const answer = (error: Error | null, stdout: string, stderr: string) => done(error ? stdout + stderr || String(error) : '');
        execFile(process.execPath, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 }, answer);
      });
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Inserts `line` after the last line of `text` that `after` matches. */
export function insertAfterLast(text: string, after: RegExp, line: string): string {
  const lines = text.split('\n');
  const i = lines.findLastIndex((l) => after.test(l));
  if (i < 0) return text;
  lines.splice(i + 1, 0, line);
  return lines.join('\n');
}

/** Replaces `from` with `to` in the one line that starts with `start`. */
export function replaceInLine(text: string, start: string, from: string, to: string): string {
  return text
    .split('\n')
    .map((line) => (line.startsWith(start) ? line.replace(from, to) : line))
    .join('\n');
}
