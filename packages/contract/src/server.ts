import { z } from 'zod';
import { route } from './route.js';

export const HealthResponseSchema = z.object({ status: z.literal('ok') }).meta({ id: 'HealthResponse' });
export type HealthResponse = z.output<typeof HealthResponseSchema>;

/** The state of each thing an instance needs to serve (all 'ok' when it answers 200). */
export const ReadyResponseSchema = z
  .object({
    status: z.literal('ready'),
    checks: z.object({
      /** A cheap query answers within two seconds. */
      database: z.literal('ok'),
      /** Every migration this version knows is recorded in the database. */
      migrations: z.literal('ok'),
      /** The connection that hears changed sessions and users listens (the embedded database's is in-process). */
      change_listener: z.literal('ok'),
    }),
  })
  .meta({ id: 'ReadyResponse' });
export type ReadyResponse = z.output<typeof ReadyResponseSchema>;

/** Every signing key that is not retired, with kid: ES256 (session JWTs) and RS256 (the identity provider's id_tokens). */
export const JwksResponseSchema = z
  .object({
    keys: z.array(
      z.object({
        kty: z.string(),
        crv: z.string().optional(),
        x: z.string().optional(),
        y: z.string().optional(),
        n: z.string().optional(),
        e: z.string().optional(),
        kid: z.string(),
        alg: z.string(),
        use: z.string(),
      }),
    ),
  })
  .meta({ id: 'JwksResponse' });
export type JwksResponse = z.output<typeof JwksResponseSchema>;

/** Routes outside /sdk/v1: no X-Public-Token needed. */
export const serverRoutes = {
  health: route({
    method: 'get',
    path: '/healthz',
    summary: 'Liveness check: answers while the process runs, whatever its database.',
    tag: 'Health',
    auth: 'none',
    response: HealthResponseSchema,
    errors: [],
  }),
  ready: route({
    method: 'get',
    path: '/readyz',
    summary:
      'Readiness check, for a load balancer: 200 when the database answers, every migration is recorded and the change listener is connected; 503 not_ready naming what is not (also at once when the instance begins to shut down).',
    tag: 'Health',
    auth: 'none',
    response: ReadyResponseSchema,
    errors: ['not_ready'],
  }),
  jwks: route({
    method: 'get',
    path: '/.well-known/jwks.json',
    summary: "Public keys that verify session JWTs and the identity provider's id_tokens (every key not yet retired).",
    tag: 'Keys',
    auth: 'none',
    response: JwksResponseSchema,
    errors: [],
  }),
  openapi: route({
    method: 'get',
    path: '/openapi.json',
    summary: 'This document.',
    tag: 'Meta',
    auth: 'none',
    response: z.record(z.string(), z.unknown()),
    errors: [],
  }),
} as const;
