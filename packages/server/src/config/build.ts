import { z } from 'zod';
import { ConfigError } from './config-error.js';
import type { ConfigSection, EnvReader, FieldDeclaration } from './declare.js';

type Part = 'server' | 'project';
type Tree = { [key: string]: z.ZodType | Tree };

/** Every declared field of one part of the file, keyed by its dotted path, in section order. */
export function fieldsOf(sections: ConfigSection[], part: Part): Array<[string, FieldDeclaration]> {
  return sections.flatMap((section) => Object.entries(section[part] ?? {}));
}

function objectOf(tree: Tree): z.ZodObject {
  const shape = Object.fromEntries(Object.entries(tree).map(([key, node]) => [key, node instanceof z.ZodType ? node : objectOf(node).prefault({})]));
  return z.strictObject(shape);
}

function treeOf(fields: Array<[string, FieldDeclaration]>): Tree {
  const tree: Tree = {};
  for (const [path, declaration] of fields) {
    if (declaration.envOnly) continue;
    const keys = path.split('.');
    let node = tree;
    for (const key of keys.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Tree;
    }
    node[keys.at(-1)!] = declaration.schema.meta({ description: declaration.doc });
  }
  return tree;
}

/** The shape of vestibule.config.json, built from the sections' declarations. */
export function fileSchema(sections: ConfigSection[]): z.ZodType {
  return z.strictObject({
    $schema: z.string().optional(),
    // Absent groups still get their fields' defaults (prefault parses the empty object).
    server: objectOf(treeOf(fieldsOf(sections, 'server'))).prefault({}),
    project: objectOf(treeOf(fieldsOf(sections, 'project'))),
  });
}

function readEnv(name: string, raw: string, read: EnvReader): unknown {
  if (typeof read === 'function') {
    try {
      return read(raw);
    } catch (error) {
      // A reader's own failure (JSON that does not parse) names the variable, as a schema's does.
      throw new ConfigError(name, error instanceof Error ? error.message : String(error));
    }
  }
  switch (read) {
    case 'string':
      return raw;
    case 'integer':
      return /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
    case 'boolean':
      if (raw === 'true' || raw === 'false') return raw === 'true';
      throw new ConfigError(name, `must be true or false (got "${raw}")`);
    case 'list':
      return raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
  }
}

/** The first zod issue as 'field: problem' words. */
export function describeIssue(issue: z.core.$ZodIssue, prefix = ''): [string, string] {
  const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(root)';
  if (issue.code === 'unrecognized_keys') return [issue.keys.map((key) => `${field}.${key}`.replace(/^\(root\)\./, '')).join(', '), 'unknown field'];
  return [field, issue.message];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    // A variable wins over whatever the file has at its place, even a value of the wrong shape.
    if (!isRecord(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
}

/** One setting an environment variable gives, read as its field declares and checked. */
export interface EnvValue {
  part: Part;
  path: string;
  declaration: FieldDeclaration;
  value: unknown;
}

/**
 * The settings the environment gives: each value read as its field declares and checked by the
 * field's own schema, so a message names the variable at fault. A list variable set to '' is an
 * empty list; any other variable set to '' counts as unset.
 */
export function environmentValues(sections: ConfigSection[], env: NodeJS.ProcessEnv): EnvValue[] {
  return (['server', 'project'] as const).flatMap((part) =>
    fieldsOf(sections, part).flatMap(([path, declaration]) => {
      if (!declaration.env) return [];
      const raw = env[declaration.env.name];
      if (raw === undefined || (raw === '' && declaration.env.read !== 'list')) return [];
      const result = declaration.schema.safeParse(readEnv(declaration.env.name, raw, declaration.env.read));
      if (!result.success) {
        const [, problem] = describeIssue(result.error.issues[0]!);
        throw new ConfigError(declaration.env.name, `${problem} (got "${raw}")`);
      }
      return [{ part, path, declaration, value: result.data }];
    }),
  );
}

/**
 * The file's content with the environment's values written over it, before the file's schema
 * checks the whole: a setting the environment gives need not be in a file, so the environment
 * alone can configure the server. Environment-only values (secrets) have no place in the file and
 * are left out.
 */
export function withEnvironment(file: unknown, values: EnvValue[]): unknown {
  if (!isRecord(file)) return file; // not an object: the file's schema says so
  const merged = structuredClone(file);
  // An absent group is an empty one: a message then names each required field it lacks.
  merged.server ??= {};
  merged.project ??= {};
  for (const { part, path, declaration, value } of values) {
    if (declaration.envOnly) continue;
    if (!isRecord(merged[part])) merged[part] = {};
    setAt(merged[part] as Record<string, unknown>, path, value);
  }
  return merged;
}

export function defaultText(declaration: FieldDeclaration): string {
  if (declaration.defaultText) return declaration.defaultText;
  const result = declaration.schema.safeParse(undefined);
  if (!result.success) return 'required';
  const value = result.data as unknown;
  if (value === undefined) return 'unset';
  if (value && typeof value === 'object' && 'limit' in value) {
    const rule = value as { limit: number; windowSeconds: number };
    return `${rule.limit} per ${rule.windowSeconds} s`;
  }
  if (value && typeof value === 'object' && 'maxFailures' in value) {
    const rule = value as { maxFailures: number; windowSeconds: number; lockSeconds: number };
    return `${rule.maxFailures} per ${rule.windowSeconds} s → ${rule.lockSeconds} s`;
  }
  return `\`${JSON.stringify(value)}\``;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The README's configuration table for one part of the file, straight from the declarations. */
export function configTable(sections: ConfigSection[], part: Part): string {
  const rows = fieldsOf(sections, part).map(([path, declaration]) =>
    [
      declaration.envOnly ? '—' : `\`${path}\``,
      declaration.env ? `\`${declaration.env.name}\`` : '—',
      cell(declaration.doc),
      cell(defaultText(declaration)),
    ].join(' | '),
  );
  return ['| Field | Env | Meaning | Default |', '|---|---|---|---|', ...rows.map((row) => `| ${row} |`)].join('\n');
}

/** The JSON Schema editors use for completion in vestibule.config.json. */
export function configJsonSchema(sections: ConfigSection[]): unknown {
  return z.toJSONSchema(fileSchema(sections), { io: 'input', unrepresentable: 'any', target: 'draft-7' });
}
