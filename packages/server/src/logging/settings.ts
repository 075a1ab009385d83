import { z } from 'zod';
import { field, type FieldDeclaration } from '../config/declare.js';
import type { ServerConfig } from '../config/server-config.js';

/** pino's levels, least severe first, and silent (nothing at all). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** What the server's logger is made from (create-logger.ts). */
export interface LogSettings {
  level: LogLevel;
  format: LogFormat;
}

/** The log's settings among the core's fields (config/core-section.ts). */
export const logFields: Record<string, FieldDeclaration> = {
  logLevel: field(
    z.enum(LOG_LEVELS).default('info'),
    'The least severe lines the log writes: `trace`, `debug`, `info` (one line per request and per notable event: sign-ins, changes to an account, refusals), `warn`, `error` (failures, and every request answered with a 5xx), or `silent`.',
    { env: { name: 'VESTIBULE_LOG_LEVEL', read: 'string' } },
  ),
  logFormat: field(
    z.enum(LOG_FORMATS).optional(),
    'How the log on stdout reads: `json`, one JSON object a line (for a log collector), or `pretty`, one readable line each for a person at a terminal.',
    { env: { name: 'VESTIBULE_LOG_FORMAT', read: 'string' }, defaultText: '`pretty` in development, `json` in production' },
  ),
};

/** Fills in the format the environment implies when none was set. */
export function finishLogSettings(config: ServerConfig): void {
  config.logFormat ??= config.env === 'production' ? 'json' : 'pretty';
}

export const logSettingsOf = (config: ServerConfig): LogSettings => ({ level: config.logLevel, format: config.logFormat });

declare module '../config/server-config.js' {
  interface ServerConfig {
    /** VESTIBULE_LOG_LEVEL: the least severe lines written. */
    logLevel: LogLevel;
    /** VESTIBULE_LOG_FORMAT: JSON lines, or readable ones (development's default). */
    logFormat: LogFormat;
  }
}
