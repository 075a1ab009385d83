import type { z } from 'zod';
import type { ServerConfig } from './server-config.js';

/** How an environment variable's text becomes the field's value. */
export type EnvReader = 'string' | 'integer' | 'boolean' | 'list' | ((raw: string) => unknown);

/**
 * One field of vestibule.config.json, declared once: its schema (with its default), the
 * environment variable that overrides it, and the line the README's table shows. Loading,
 * validation messages, the README tables and the JSON Schema are all derived from these.
 */
export interface FieldDeclaration {
  schema: z.ZodType;
  doc: string;
  env?: { name: string; read: EnvReader };
  /** Environment only (a secret): no field in the file. */
  envOnly?: boolean;
  /** How the default reads in the README when the schema's default does not say it well. */
  defaultText?: string;
  /**
   * The field holds addresses where this deployment's own pages or API are reached (URLs, origins,
   * or a host name): a development server with any of them off loopback is reachable from
   * elsewhere (config/own-addresses.ts), and serves no development route.
   */
  ownAddress?: true;
}

/**
 * A feature's part of the configuration. Keys are paths inside `server` or `project`, dotted for
 * nested objects ('rateLimits.otpPerIp', 'sms.accountSid').
 */
export interface ConfigSection {
  name: string;
  server?: Record<string, FieldDeclaration>;
  project?: Record<string, FieldDeclaration>;
  /**
   * Rules across fields or with derived values (a default that depends on another field, a group of
   * variables that go together); runs after every field is read and checked, in section order.
   */
  finish?(config: ServerConfig, context: FinishContext): void;
}

export interface FinishContext {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** What the file said (before defaults), to tell a file value from a default. */
  file: { server: Record<string, unknown>; project: Record<string, unknown> };
}

export function field(schema: z.ZodType, doc: string, options: Omit<FieldDeclaration, 'schema' | 'doc'> = {}): FieldDeclaration {
  return { schema, doc, ...options };
}
