import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { ServerConfig } from '../../config/server-config.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { bearerToken } from '../../http/bearer.js';
import { ApiError } from '../../kernel/api-error.js';
import { constantTimeEqual } from '../../security/constant-time.js';

/** Where Prometheus looks by default. */
export const METRICS_PATH = '/metrics';

/** Whether /metrics is served at all: with a token, or in development (to this machine only). */
export function metricsServed(config: ServerConfig): boolean {
  return config.metricsToken !== undefined || config.env === 'development';
}

/**
 * What the start says when /metrics is not served (production without a token), else null. Not a
 * refusal to start: a deployment may have no use for metrics, and serving them to anyone who asks
 * would tell the world its sign-in traffic.
 */
export function metricsNotServed(config: ServerConfig): string | null {
  if (metricsServed(config)) return null;
  return 'Metrics are not served: /metrics needs VESTIBULE_METRICS_TOKEN in production (Prometheus sends it as Authorization: Bearer).';
}

/**
 * Without a token (development only: production then serves no /metrics), this machine alone reads
 * the metrics: createApp guards the path as it guards /dev/ (Feature.thisMachineOnly), refusing
 * with these words.
 */
export function metricsForThisMachine(config: ServerConfig): Record<string, { what: string; remedy: string }> {
  if (config.metricsToken !== undefined) return {};
  return { [METRICS_PATH]: { what: 'Metrics are', remedy: 'To read them from elsewhere, set VESTIBULE_METRICS_TOKEN and send it as Authorization: Bearer.' } };
}

/** With a token set, whoever sends it reads the metrics, from anywhere (this machine too); it is compared in constant time. */
function tokenRequired(token: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = bearerToken(c);
    if (given === null || !constantTimeEqual(given, token)) throw new ApiError('invalid_metrics_token', undefined, { 'WWW-Authenticate': 'Bearer' });
    return next();
  };
}

/**
 * GET /metrics: Prometheus' text format, outside the contract's routes (they answer JSON; this
 * answers a scraper, never the client), so it is in no OpenAPI document. Refusals are JSON
 * ErrorResponses as everywhere.
 */
export function registerMetricsRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const token = deps.config.metricsToken;
  const serve: MiddlewareHandler<AppEnv> = async (c) => {
    const { contentType, text } = await deps.metrics.exposition();
    return c.body(text, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  };
  if (token === undefined) app.get(METRICS_PATH, serve);
  else app.get(METRICS_PATH, tokenRequired(token), serve);
}
